/** The error answer every route declares lives with the contracts (src/domain/contracts/errors.ts). */
export { ErrorDetail } from '../../src/domain/contracts/errors';
