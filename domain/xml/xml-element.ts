// A small XML element tree for the documents we write (the CII e-invoice, the SEPA pain.001),
// written as xmlbuilder2's `prettyPrint` writes them, byte for byte (two-space indent, text-only elements on one line, empty ones self-closed,
// `& < >` escaped in text and `& < > "` in attributes). xmlbuilder2 builds a full DOM with namespace
// bookkeeping for every element: ~6 ms of CPU for a 60-line credit note, twice a note (the XML in
// the PDF and the XRechnung beside it), more than drawing the PDF. This costs a few hundred µs.
// The SEPA file of 10,000 payments: xmlbuilder2's DOM held ~230 MB of heap and took ~1.9 s.

// Most texts (amounts, dates, ids) have nothing to escape: they are tested once instead of replaced three times.
const escapeText = (text: string) => (/[&<>]/.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text);
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

/** Children made one at a time while the document is written (`XmlElement.eleEach`). */
type ChildrenOnWrite = { items: Iterable<unknown>; build: (item: unknown) => XmlElement };

export class XmlElement {
  private readonly children: Array<XmlElement | ChildrenOnWrite> = [];
  private text = '';

  constructor(
    private readonly name: string,
    private readonly attributes: Record<string, string> = {},
  ) {}

  /** Appends a child element and returns it. */
  ele(name: string, attributes?: Record<string, string>): XmlElement {
    const child = new XmlElement(name, attributes);
    this.children.push(child);
    return child;
  }

  /**
   * Appends one child per item, each built by `build` only while the document is written and
   * dropped once written: a long list (the SEPA file's payments) is never held as elements.
   * `items` must not be empty.
   */
  eleEach<T>(items: Iterable<T>, build: (item: T) => XmlElement): this {
    this.children.push({ items, build: build as (item: unknown) => XmlElement });
    return this;
  }

  /** Sets the element's text (an element holds text or elements, never both); returns the element. */
  txt(text: string): this {
    this.text += text;
    return this;
  }

  // Written by string concatenation: V8 joins the pieces lazily and flattens the document once,
  // where an array of its ~20,000 small pieces joined at the end cost as much as building the tree.
  private write(indent: string): string {
    let out = `${indent}<${this.name}`;
    for (const [name, value] of Object.entries(this.attributes)) out += ` ${name}="${escapeAttribute(value)}"`;
    if (this.children.length > 0) {
      out += '>';
      const inner = `${indent}  `;
      for (const child of this.children) {
        if (child instanceof XmlElement) {
          out += `\n${child.write(inner)}`;
          continue;
        }
        // Each item's text made one flat string (join copies it): the concatenation would otherwise
        // keep every small piece of a long list alive until the document is read.
        for (const item of child.items) out += ['\n', child.build(item).write(inner)].join('');
      }
      return `${out}\n${indent}</${this.name}>`;
    }
    return this.text !== '' ? `${out}>${escapeText(this.text)}</${this.name}>` : `${out}/>`;
  }

  /** The document: the XML declaration (UTF-8) and this element as its root, pretty-printed. */
  toDocument(): string {
    return `<?xml version="1.0" encoding="UTF-8"?>\n${this.write('')}`;
  }
}
