// The invoices module's face: what other modules may use. Import nothing else of it from outside.
export { invoiceRoutes } from './invoices.routes.ts';
export { publicInvoiceRoutes } from './public-invoice.routes.ts';
export { invoiceAppLink } from './invoice-mails.ts';
export { recordOnlinePayment } from './invoice-payments.service.ts';
export { invoiceLogoPath, invoiceShareToken, publicInvoiceUrl } from './invoice-view.ts';
export {
  findInvoice,
  findInvoiceByToken,
  insertEvent as insertInvoiceEvent,
  outstandingTotals,
} from './invoices.repo.ts';
