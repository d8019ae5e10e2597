// Data a page carries for its scripts, as a JSON data block (<script type="application/json">):
// not executed, read by id. Nothing inside may look like a closing tag or a comment.
export function jsonDataBlock(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
}

export function readJsonDataBlock(id: string, doc: Document | undefined = globalThis.document): string | null {
  return doc?.getElementById(id)?.textContent || null;
}
