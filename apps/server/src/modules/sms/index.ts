// The sms module's face: what other modules may use. Import nothing else of it from outside.
export { TextMessenger } from './text-messenger.ts';
