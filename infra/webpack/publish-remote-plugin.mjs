// After a production build of a remote, publishes it as a version of its own (its folder
// under .cuota/remotes, or CUOTA_REMOTES_DIR) and points the local deployment at it, so
// `npm run build` then `npm start` serves what was just built (ADR 0078). Pointing back at an
// earlier version is `npm run remotes -- point`.
import { pointRemote, publishRemote } from '../build/remote-versions.ts';

export class PublishRemotePlugin {
  /** @param {'portal' | 'dashboard' | 'store'} remote */
  constructor(remote) {
    this.remote = remote;
  }

  apply(compiler) {
    // `done` runs after every afterEmit step (the precompressed copies are part of the build).
    compiler.hooks.done.tap('PublishRemotePlugin', (stats) => {
      if (compiler.options.mode !== 'production' || stats.hasErrors()) return;
      const version = publishRemote(this.remote, compiler.outputPath);
      pointRemote(this.remote, version);
      console.log(`mfe-${this.remote} ${version} published and served`);
    });
  }
}
