import '@testing-library/jest-dom';
import { setupServer } from 'msw/node';
import { handlers } from '../../src/mocks/handlers';

export const mswServer = setupServer(...handlers);

// jsdom has no canvas. Answer as a browser without 2D canvas support does (null, which the app
// handles) rather than with jsdom's "Not implemented" error on the console. Tests that need a
// canvas spy on getContext themselves.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// jsdom has no modal dialogs. A stand-in for the platform's part that the app relies on: showModal()
// opens the dialog, close() closes it and fires `close`, and Escape fires a cancelable `cancel` at the
// open modal, which closes it unless prevented. The focus trap and the inert page behind it are the
// browser's alone; e2e/inviteGate.spec.ts checks them in Chromium.
const openModals: HTMLDialogElement[] = [];
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  if (this.open) throw new DOMException('The dialog is already open', 'InvalidStateError');
  this.setAttribute('open', '');
  openModals.push(this);
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  const index = openModals.indexOf(this);
  if (index >= 0) openModals.splice(index, 1);
  if (!this.open) return;
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};
document.addEventListener('keydown', (event) => {
  const topModal = openModals.filter((dialog) => dialog.isConnected && dialog.open).at(-1);
  if (event.key !== 'Escape' || !topModal) return;
  if (topModal.dispatchEvent(new Event('cancel', { cancelable: true }))) topModal.close();
});

// An API call no test expected fails the test loudly instead of hanging or passing by accident.
beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mswServer.resetHandlers();
  // Each test starts as a new visitor: no registration draft or token left by the one before.
  sessionStorage.clear();
  localStorage.clear();
  openModals.length = 0;
});
afterAll(() => mswServer.close());
