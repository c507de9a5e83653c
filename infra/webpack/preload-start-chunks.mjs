import HtmlWebpackPlugin from 'html-webpack-plugin';

const NAME = 'PreloadStartChunks';

/**
 * The shell's page names only main.js; the chunks every page starts with (the bootstrap the
 * entry imports, and the shared-module chunks `names`) were found only once main.js had run,
 * one round trip later. Preload links in the page's head fetch them alongside main.js.
 */
export class PreloadStartChunks {
  /** @param {string[]} names the chunks to preload besides the entry's own imports */
  constructor(names) {
    this.names = new Set(names);
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const links = this.startFiles(compilation).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: 'script',
            href: `${data.publicPath}${file}`,
          }),
        );
        data.headTags.unshift(...links);
        return data;
      });
    });
  }

  /** The JavaScript files of the entry's dynamic imports and of the named chunks. */
  startFiles(compilation) {
    const chunks = new Set();
    for (const entry of compilation.entrypoints.values())
      for (const group of entry.getChildren()) for (const chunk of group.chunks) chunks.add(chunk);
    for (const chunk of compilation.chunks) if (this.names.has(chunk.name)) chunks.add(chunk);
    return [...chunks].flatMap((chunk) => [...chunk.files].filter((f) => f.endsWith('.js')));
  }
}
