import { nextTask } from './shared/nextTask';
import { watchPaintTimings } from './shared/performanceWatch';

/**
 * Starts the app as a few short tasks rather than one long one, so that the browser can paint the
 * demo's next frame or answer a tap in between. The imports are `eager`: their modules are already
 * in the files the page loaded, and the import only decides when their code runs.
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // React DOM's own start-up code is the largest single piece: give it a task of its own.
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { renderApp } = await import(/* webpackMode: "eager" */ './app/renderApp');
  await renderApp(container);
}

watchPaintTimings();
void start();
