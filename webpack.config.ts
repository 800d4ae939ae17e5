import path from 'node:path';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration } from 'webpack';

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const mode = argv.mode ?? 'production';
  return {
    mode,
    entry: { boot: './src/boot.ts', main: './src/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: mode === 'production' ? 'js/[name].[contenthash:12].js' : 'js/[name].js',
      chunkFilename: mode === 'production' ? 'js/[name].[contenthash:12].js' : 'js/[name].js',
      clean: true,
    },
    devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type errors are reported by `npm run typecheck`; the bundler only strips types.
          use: { loader: 'ts-loader', options: { transpileOnly: true } },
        },
      ],
    },
    plugins: [
      // Empty means "the page's own origin"; set BECCA_API_URL at build time to point elsewhere.
      new webpack.DefinePlugin({
        'process.env.BECCA_API_URL': JSON.stringify(process.env.BECCA_API_URL ?? ''),
      }),
      new HtmlWebpackPlugin({
        template: './src/index.html',
        scriptLoading: 'defer',
        chunks: ['boot'],
        // The app's own files, for boot.ts to load (a JSON data block: not executed, so CSP-safe).
        templateParameters: (compilation, assets, tags, options) => ({
          compilation,
          htmlWebpackPlugin: { tags, files: assets, options },
          appScripts: JSON.stringify(
            [...(compilation.entrypoints.get('main')?.getFiles() ?? [])]
              .filter((file) => file.endsWith('.js'))
              .map((file) => `/${file}`),
          ),
        }),
      }),
      // static/ holds the fonts (scripts/subsetFonts.ts), images and videos, served as they are.
      new CopyPlugin({ patterns: [{ from: 'static', to: '.', noErrorOnMissing: true }] }),
    ],
    optimization: {
      // Split only what main loads (boot stays a standalone few hundred bytes).
      splitChunks: { chunks: (chunk) => chunk.name !== 'boot' },
    },
    performance: { hints: false },
  };
};
