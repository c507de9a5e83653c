import { startSchoolSite } from './school-site.ts';

const site = await startSchoolSite({
  port: Number(process.env.PORT ?? 3010),
  cuotaUrl: process.env.CUOTA_URL ?? 'http://localhost:3000',
  schoolId: process.env.SCHOOL_ID ?? '',
  schoolName: process.env.SCHOOL_NAME ?? 'Colegio',
});
console.log(`School site sandbox: ${site.url}/`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void site.stop().then(() => process.exit(0)));
