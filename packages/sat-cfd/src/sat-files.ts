import path from 'node:path';

/** The folder SAT publishes as http://www.sat.gob.mx/sitio_internet/cfd/. */
// Jest runs this as CommonJS (__dirname); plain Node runs it as ESM (import.meta.dirname).
const here = typeof __dirname === 'string' ? __dirname : import.meta.dirname;
export const SAT_CFD_DIR = path.resolve(here, '../sitio_internet/cfd');

export const SAT_FILES = {
  cfdi40Xsd: path.join(SAT_CFD_DIR, '4/cfdv40.xsd'),
  ieduXsd: path.join(SAT_CFD_DIR, 'iedu/iedu.xsd'),
  tfd11Xsd: path.join(SAT_CFD_DIR, 'TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd'),
  pagos20Xsd: path.join(SAT_CFD_DIR, 'Pagos/Pagos20.xsd'),
  cadenaOriginal40Xslt: path.join(SAT_CFD_DIR, '4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt'),
  cadenaOriginalTfd11Xslt: path.join(
    SAT_CFD_DIR,
    'TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt',
  ),
} as const;
