import { GpxError } from './errors.ts';

/**
 * A small non-validating XML scanner, written for GPX: one pass over the string, no recursion, no regular
 * expressions, linear time. DOCTYPE declarations (and any ENTITY inside them) are skipped, never expanded;
 * only the five predefined entities and numeric character references are decoded. Anything that is not
 * well-formed enough to trust (unclosed or mismatched tags, text outside the root, a second root) throws
 * a GpxError 'GPX_INVALID'.
 */

export type XmlAttributes = Readonly<Record<string, string>>;

export interface XmlHandler {
  /** `depth` is 0 for the root element. Names are local names: any `prefix:` is dropped. */
  openElement(name: string, attributes: XmlAttributes, depth: number): void;
  closeElement(name: string, depth: number): void;
  /** Read before each text run: text nobody wants is neither copied nor decoded. */
  readonly wantsText: boolean;
  text(value: string): void;
}

const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const SLASH = 47;
const LESS_THAN = 60;
const EQUALS = 61;
const GREATER_THAN = 62;
const QUESTION_MARK = 63;
const EXCLAMATION_MARK = 33;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const BYTE_ORDER_MARK = 0xfeff;

const NO_ATTRIBUTES: XmlAttributes = Object.freeze(Object.create(null));

function invalid(reason: string): GpxError {
  return new GpxError('GPX_INVALID', `Not a well-formed GPX document: ${reason}`);
}

function isWhitespace(code: number): boolean {
  return code === SPACE || code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB;
}

function isNameEnd(code: number): boolean {
  return isWhitespace(code) || code === SLASH || code === GREATER_THAN || code === EQUALS || code === LESS_THAN;
}

function localName(qualifiedName: string): string {
  const colon = qualifiedName.lastIndexOf(':');
  return colon === -1 ? qualifiedName : qualifiedName.slice(colon + 1);
}

export function scanXml(source: string, handler: XmlHandler): void {
  const length = source.length;
  const openElements: string[] = [];
  let rootClosed = false;
  let position = 0;

  const skipWhitespace = (from: number): number => {
    let index = from;
    while (index < length && isWhitespace(source.charCodeAt(index))) index++;
    return index;
  };

  const readName = (from: number): number => {
    let index = from;
    while (index < length && !isNameEnd(source.charCodeAt(index))) index++;
    return index;
  };

  const handleText = (start: number, end: number): void => {
    if (openElements.length === 0) {
      for (let index = start; index < end; index++) {
        const code = source.charCodeAt(index);
        if (!isWhitespace(code) && !(index === 0 && code === BYTE_ORDER_MARK)) {
          throw invalid(rootClosed ? 'text after the root element' : 'text before the root element (not XML?)');
        }
      }
    } else if (handler.wantsText) {
      handler.text(decodeXmlEntities(source.slice(start, end)));
    }
  };

  /** Returns the index just past the end of the start tag. */
  const readStartTag = (tagStart: number): number => {
    if (rootClosed) throw invalid('a second root element');
    const nameEnd = readName(tagStart + 1);
    const qualifiedName = source.slice(tagStart + 1, nameEnd);
    if (qualifiedName === '') throw invalid(`a stray '<' at ${tagStart}`);
    let attributes = NO_ATTRIBUTES;
    let index = nameEnd;
    for (;;) {
      index = skipWhitespace(index);
      if (index >= length) throw invalid(`<${qualifiedName}> is never closed`);
      const code = source.charCodeAt(index);
      if (code === GREATER_THAN || code === SLASH) {
        const selfClosing = code === SLASH;
        if (selfClosing && source.charCodeAt(index + 1) !== GREATER_THAN) throw invalid(`a stray '/' at ${index}`);
        const depth = openElements.length;
        const name = localName(qualifiedName);
        handler.openElement(name, attributes, depth);
        if (selfClosing) {
          handler.closeElement(name, depth);
          if (depth === 0) rootClosed = true;
          return index + 2;
        }
        openElements.push(qualifiedName);
        return index + 1;
      }
      const attributeNameEnd = readName(index);
      if (attributeNameEnd === index) throw invalid(`an unexpected character in <${qualifiedName}> at ${index}`);
      const attributeName = source.slice(index, attributeNameEnd);
      index = skipWhitespace(attributeNameEnd);
      if (source.charCodeAt(index) !== EQUALS) throw invalid(`attribute ${attributeName} has no value`);
      index = skipWhitespace(index + 1);
      const quote = source.charCodeAt(index);
      if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) throw invalid(`attribute ${attributeName} is not quoted`);
      const valueEnd = source.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", index + 1);
      if (valueEnd === -1) throw invalid(`attribute ${attributeName} is never closed`);
      if (attributes === NO_ATTRIBUTES) attributes = Object.create(null) as Record<string, string>;
      (attributes as Record<string, string>)[localName(attributeName)] = decodeXmlEntities(
        source.slice(index + 1, valueEnd),
      );
      index = valueEnd + 1;
    }
  };

  const readEndTag = (tagStart: number): number => {
    const close = source.indexOf('>', tagStart);
    if (close === -1) throw invalid('an end tag is never closed');
    const qualifiedName = source.slice(tagStart + 2, close).trimEnd();
    const expected = openElements.pop();
    if (expected !== qualifiedName) {
      throw invalid(
        expected === undefined ? `</${qualifiedName}> closes nothing` : `</${qualifiedName}> closes <${expected}>`,
      );
    }
    const depth = openElements.length;
    handler.closeElement(localName(qualifiedName), depth);
    if (depth === 0) rootClosed = true;
    return close + 1;
  };

  /** Skips `<!DOCTYPE ...>`, including an internal subset `[...]` whose declarations are ignored. */
  const skipDoctype = (tagStart: number): number => {
    if (openElements.length > 0 || rootClosed) throw invalid('a DOCTYPE inside the document');
    let quote = 0;
    let bracketDepth = 0;
    for (let index = tagStart + 2; index < length; index++) {
      const code = source.charCodeAt(index);
      if (quote !== 0) {
        if (code === quote) quote = 0;
      } else if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
        quote = code;
      } else if (code === OPEN_BRACKET) {
        bracketDepth++;
      } else if (code === CLOSE_BRACKET) {
        bracketDepth--;
      } else if (code === GREATER_THAN && bracketDepth <= 0) {
        return index + 1;
      }
    }
    throw invalid('the DOCTYPE is never closed');
  };

  const skipPast = (terminator: string, from: number, what: string): number => {
    const end = source.indexOf(terminator, from);
    if (end === -1) throw invalid(`${what} is never closed`);
    return end + terminator.length;
  };

  while (position < length) {
    const tagStart = source.indexOf('<', position);
    const textEnd = tagStart === -1 ? length : tagStart;
    if (textEnd > position) handleText(position, textEnd);
    if (tagStart === -1) break;

    const next = source.charCodeAt(tagStart + 1);
    if (next === SLASH) {
      position = readEndTag(tagStart);
    } else if (next === QUESTION_MARK) {
      position = skipPast('?>', tagStart + 2, 'a processing instruction');
    } else if (next === EXCLAMATION_MARK) {
      if (source.startsWith('<!--', tagStart)) {
        position = skipPast('-->', tagStart + 4, 'a comment');
      } else if (source.startsWith('<![CDATA[', tagStart)) {
        const contentStart = tagStart + 9;
        position = skipPast(']]>', contentStart, 'a CDATA section');
        if (openElements.length === 0) throw invalid('CDATA outside the root element');
        if (handler.wantsText) handler.text(source.slice(contentStart, position - 3));
      } else if (source.startsWith('<!DOCTYPE', tagStart)) {
        position = skipDoctype(tagStart);
      } else {
        throw invalid(`an unknown declaration at ${tagStart}`);
      }
    } else {
      position = readStartTag(tagStart);
    }
  }

  if (openElements.length > 0) throw invalid(`<${openElements[openElements.length - 1]}> is never closed`);
  if (!rootClosed) throw invalid('no root element');
}

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** `&#x10FFFF;` is the longest reference we decode. */
const LONGEST_REFERENCE = 10;

function decodeReference(body: string): string | null {
  if (Object.hasOwn(PREDEFINED_ENTITIES, body)) return PREDEFINED_ENTITIES[body] ?? null;
  if (body.charCodeAt(0) !== 35 /* # */) return null;
  const hex = body.charCodeAt(1) === 120; /* x */
  const digits = body.slice(hex ? 2 : 1);
  if (digits === '' || !(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) return null;
  const codePoint = Number.parseInt(digits, hex ? 16 : 10);
  const isValid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
  return isValid ? String.fromCodePoint(codePoint) : null;
}

/**
 * Decodes the five predefined entities and numeric character references. Any other reference
 * (`&custom;`, from a DOCTYPE we ignored) is left as literal text: it is never expanded.
 */
export function decodeXmlEntities(raw: string): string {
  let ampersand = raw.indexOf('&');
  if (ampersand === -1) return raw;
  let decoded = '';
  let copiedUpTo = 0;
  while (ampersand !== -1) {
    let semicolon = -1;
    const searchEnd = Math.min(raw.length, ampersand + LONGEST_REFERENCE + 2);
    for (let index = ampersand + 1; index < searchEnd; index++) {
      if (raw.charCodeAt(index) === 59 /* ; */) {
        semicolon = index;
        break;
      }
    }
    const replacement = semicolon === -1 ? null : decodeReference(raw.slice(ampersand + 1, semicolon));
    if (replacement !== null) {
      decoded += raw.slice(copiedUpTo, ampersand) + replacement;
      copiedUpTo = semicolon + 1;
    }
    ampersand = raw.indexOf('&', replacement === null ? ampersand + 1 : copiedUpTo);
  }
  return decoded + raw.slice(copiedUpTo);
}
