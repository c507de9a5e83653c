import { readBffConfig } from './config/read-bff-config';
import { startBffServer } from './bff-server';

/** The BFF process: configuration from the environment, then serve until SIGINT/SIGTERM. */
function main(): void {
  const config = readBffConfig();
  startBffServer(config).then(
    (server) => {
      const stop = () => {
        server.deps.logger.info('bff stopping');
        server.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (err: unknown) => {
      console.error('The BFF could not start:', err);
      process.exit(1);
    },
  );
}

main();
