/** How billing's workbooks are written and served. */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Money as pesos in number cells (Excel sums them), shown as $1,234.56. */
export const MONEY_FORMAT = '"$"#,##0.00';

export const pesos = (centavos: number) => centavos / 100;
