// A strict XML 1.0 parser for tests (saxes: it refuses every well-formedness error,
// characters XML does not allow included), building a small element tree to query.
import { SaxesParser } from 'saxes';

/** An element: its name, attributes, children and the text directly inside it. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Parses a whole document; throws with the line and column of the first error. */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: Object.fromEntries(Object.entries(tag.attributes).map(([k, v]) => [k, String(v)])),
      children: [],
      text: '',
    };
    (stack[stack.length - 1] as XmlElement).children.push(element);
    stack.push(element);
  });
  parser.on('text', (t) => {
    (stack[stack.length - 1] as XmlElement).text += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(text).close();
  const element = root.children[0];
  if (!element) throw new Error('no root element');
  return element;
}

/** Every descendant element with this name, in document order. */
export function elements(node: XmlElement, name: string): XmlElement[] {
  return node.children.flatMap((c) => [...(c.name === name ? [c] : []), ...elements(c, name)]);
}
