/**
 * The cookie that carries an operator's session in the browser (the `operatorSession` security
 * scheme of the OpenAPI document). Named once, here, for the routes that set and read it and for the
 * document that publishes it.
 */
export const OPERATOR_SESSION_COOKIE = 'becca_operator';
