/**
 * Packline's own documentation, on its home page (packaging/nfpm.yaml `homepage`): the
 * server's guide for whoever runs it, which the app itself does not serve.
 */
export const DOCS_URL = 'https://github.com/packline/packline/blob/main/docs';

/** docs/operations.md, section Mail: what happens without --smtp-url, and how to set a mail server up. */
export const MAIL_DOCS_URL = `${DOCS_URL}/operations.md#mail`;
