// The invoice-pdf module's face: what other modules may use. Import nothing else of it from outside.
export { invoicePdf, invoicePdfFileName } from './invoice-pdf.ts';
