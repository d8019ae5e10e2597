// Test support, never bundled: the PDF text reader lives in lib (data's tests use it too, and data
// may not import features). This path stays for the specs that still import it from here.
export { pdfTexts } from '../../../lib/pdf-text.test-support.ts';
