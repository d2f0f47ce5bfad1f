import { PDFParse } from 'pdf-parse';

/** The text of a PDF the app made, to check what a client reads in it. */
export async function pdfText(body: Buffer | Uint8Array): Promise<string> {
  const parsed = await new PDFParse({ data: new Uint8Array(body) }).getText();
  return parsed.text;
}
