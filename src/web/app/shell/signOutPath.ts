/** Sign-out is a full-page navigation: the server ends the session and redirects to the sign-in page. */
export const SIGN_OUT_PATH = '/MicrosoftIdentity/Account/SignOut';
