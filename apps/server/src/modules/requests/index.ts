// The requests module's face: what other modules may use. Import nothing else of it from outside.
export { requestRoutes } from './requests.routes.ts';
export {
  acceptedNoticeMail,
  declinedNoticeMail,
  mailBrand,
  newRequestNoticeMail,
  requestLink,
  viewedNoticeMail,
} from './request-mails.ts';
export { insertNewRequest } from './new-request.ts';
export { notifyBusiness } from './request-notices.ts';
export { requestPdf, requestPdfFileName } from './request-pdf.ts';
export {
  effectiveStatus,
  isProposal,
  longDate,
  optionsOf,
  requestShareToken,
  requestWord,
  sharedBusinessOf,
  toSharedRequest,
} from './request-view.ts';
export {
  type NewRequestRow,
  type RequestRow,
  answerOpenRequest,
  findByShareToken,
  findRequest,
  insertEvent as insertRequestEvent,
  liveInvoiceOfRequest,
  lockRequest,
  markViewed,
} from './requests.repo.ts';
