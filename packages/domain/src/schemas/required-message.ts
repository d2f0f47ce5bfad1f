/** What every form and endpoint says of a missing required field (spec section 2). */
export const REQUIRED_MESSAGE = 'Required';
