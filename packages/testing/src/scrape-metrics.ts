/** One series of a Prometheus text answer: its metric name, labels and value. */
export interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Reads Prometheus's text format (what every part's /metrics answers). */
export function parseMetrics(text: string): Series[] {
  return text.split('\n').flatMap((line) => {
    const m = LINE.exec(line);
    if (!m) return [];
    const labels = Object.fromEntries([...(m[2] ?? '').matchAll(LABEL)].map((l) => [l[1], l[2]]));
    return [{ name: m[1]!, labels, value: Number(m[3]) }];
  });
}

/** Scrapes a part as Prometheus would. */
export async function scrape(metricsUrl: string): Promise<Series[]> {
  const res = await fetch(metricsUrl);
  if (!res.ok) throw new Error(`scrape of ${metricsUrl} answered ${res.status}`);
  return parseMetrics(await res.text());
}

/** The value of the one series with this name and (at least) these labels; 0 if none. */
export function valueOf(series: Series[], name: string, labels: Record<string, string> = {}) {
  const found = series.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found.reduce((sum, s) => sum + s.value, 0);
}
