// The mail module's face: what other modules may use. Import nothing else of it from outside.
export { mailRoutes } from './mail.routes.ts';
export {
  AUTH_SENDER_NAME,
  alreadyRegisteredMail,
  emailConfirmationMail,
  oneTimeCodeMail,
  passwordResetMail,
  twoFactorCodeRefusedMail,
} from './auth-mails.ts';
export { countOutbox } from './mail.repo.ts';
export { Mailer } from './mail.service.ts';
export { type MailBrand, type MailContent, renderMail } from './mail.templates.ts';
