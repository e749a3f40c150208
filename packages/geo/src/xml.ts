import { GpxError } from './errors.ts';
import { parseNumber, parsePlainDecimal } from './numbers.ts';

/**
 * A small non-validating XML scanner, written for GPX: one pass over the string, no recursion, no regular
 * expressions, linear time. DOCTYPE declarations (and any ENTITY inside them) are skipped, never expanded;
 * only the five predefined entities and numeric character references are decoded. Anything that is not
 * well-formed enough to trust (unclosed or mismatched tags, text outside the root, a second root) throws
 * a GpxError 'GPX_INVALID'.
 *
 * Hot loops here and in the figures are indexed rather than for…of: until the JIT optimises them, for…of
 * allocates an iterator result per step, and the first, cold run is the one a user waits for.
 */

/**
 * Route files nest a handful of levels (gpx > trk > trkseg > trkpt > extensions > …); deeper nesting
 * is refused at once, so a file of nested tags cannot make the parser hold megabytes of open
 * elements (security review M5).
 */
export const MAX_XML_DEPTH = 32;

export interface XmlAttributes {
  /** The decoded value of the attribute with this local name (any `prefix:` dropped). */
  get(name: string): string | undefined;
  /** The attribute read as a number; null when it is absent or not a finite number. */
  getNumber(name: string): number | null;
}

export interface XmlHandler {
  /**
   * `depth` is 0 for the root element. Names are local names: any `prefix:` is dropped.
   * `attributes` is only valid during the call (it is reused for the next element).
   */
  openElement(name: string, attributes: XmlAttributes, depth: number): void;
  closeElement(name: string, depth: number): void;
  /** The element names the handler looks for, if it says: read as these very strings. */
  readonly names?: readonly string[];
  /** Read before each text run: text nobody wants is neither copied nor decoded. */
  readonly wantsText: boolean;
  /** Character data, decoded. */
  text(value: string): void;
  /**
   * When the handler has it, called instead of `text` for character data outside CDATA, with where the run lies in
   * the source (entities not yet decoded): the handler copies only what it keeps, and numbers need no copy at all.
   */
  textAt?(start: number, end: number): void;
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

const COLON = 58;

/**
 * The attributes of the start tag being read, kept as positions in the source: a value is only copied and
 * decoded when asked for, so the attributes nobody reads (xmlns, creator…) cost nothing.
 */
class AttributeList implements XmlAttributes {
  /** For each attribute: local name start, name end, value start, value end. */
  private readonly positions: number[] = [];
  private count = 0;

  constructor(private readonly source: string) {}

  clear(): void {
    this.count = 0;
  }

  add(localNameStart: number, nameEnd: number, valueStart: number, valueEnd: number): void {
    const offset = this.count * 4;
    this.positions[offset] = localNameStart;
    this.positions[offset + 1] = nameEnd;
    this.positions[offset + 2] = valueStart;
    this.positions[offset + 3] = valueEnd;
    this.count++;
  }

  get(name: string): string | undefined {
    const offset = this.find(name);
    if (offset === -1) return undefined;
    return decodeXmlEntities(this.source.slice(this.positions[offset + 2]!, this.positions[offset + 3]!));
  }

  getNumber(name: string): number | null {
    const offset = this.find(name);
    if (offset === -1) return null;
    return (
      parsePlainDecimal(this.source, this.positions[offset + 2]!, this.positions[offset + 3]!) ??
      parseNumber(this.get(name))
    );
  }

  private find(name: string): number {
    for (let offset = 0; offset < this.count * 4; offset += 4) {
      const nameStart = this.positions[offset]!;
      if (this.positions[offset + 1]! - nameStart === name.length && isWrittenAt(this.source, nameStart, name)) {
        return offset;
      }
    }
    return -1;
  }
}

function invalid(reason: string): GpxError {
  // A reason may quote a name from the file: an attacker's name can be megabytes long.
  const shortReason = reason.length > 200 ? `${reason.slice(0, 200)}…` : reason;
  return new GpxError('GPX_INVALID', `Not a well-formed GPX document: ${shortReason}`);
}

/** Whether `text` is written in `source` at `start`: a loop the JIT inlines, where startsWith is a call. */
function isWrittenAt(source: string, start: number, text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    if (source.charCodeAt(start + index) !== text.charCodeAt(index)) return false;
  }
  return true;
}

const WHITESPACE = 1;
const NAME_END = 2;
/** For each ASCII character, whether it is whitespace and whether it ends a name: one load instead of nine tests. */
const CHARACTER_CLASSES = new Uint8Array(128);
for (const code of [SPACE, LINE_FEED, CARRIAGE_RETURN, TAB]) CHARACTER_CLASSES[code] = WHITESPACE | NAME_END;
for (const code of [SLASH, GREATER_THAN, EQUALS, LESS_THAN]) CHARACTER_CLASSES[code] = NAME_END;

function isWhitespace(code: number): boolean {
  return code < 128 && (CHARACTER_CLASSES[code]! & WHITESPACE) !== 0;
}

function isNameEnd(code: number): boolean {
  return code < 128 && (CHARACTER_CLASSES[code]! & NAME_END) !== 0;
}

export function scanXml(source: string, handler: XmlHandler): void {
  const length = source.length;
  /** Qualified names of the open elements, to match end tags, and their local names, for the handler. */
  const openElements: string[] = [];
  const openLocalNames: string[] = [];
  const attributes = new AttributeList(source);
  let rootClosed = false;

  /**
   * Element names already met: a GPX repeats a dozen names, so they are reused rather than copied each time. The
   * handler's own names come first: as literals, they compare with the handler's by identity.
   */
  const knownNames: string[] = [...(handler.names ?? [])];
  const nameAt = (start: number, end: number): string => {
    const nameLength = end - start;
    for (let index = 0; index < knownNames.length; index++) {
      const known = knownNames[index]!;
      if (known.length === nameLength && isWrittenAt(source, start, known)) return known;
    }
    const name = source.slice(start, end);
    if (knownNames.length < 32 + (handler.names?.length ?? 0)) knownNames.push(name);
    return name;
  };

  const skipWhitespace = (from: number): number => {
    let index = from;
    while (index < length && isWhitespace(source.charCodeAt(index))) index++;
    return index;
  };

  /** Where the name starting at `from` ends; `localNameStart` is set to just after its last colon. */
  let localNameStart = 0;
  const readName = (from: number): number => {
    let index = from;
    localNameStart = from;
    while (index < length) {
      const code = source.charCodeAt(index);
      if (isNameEnd(code)) break;
      index++;
      if (code === COLON) localNameStart = index;
    }
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
      if (handler.textAt) handler.textAt(start, end);
      else handler.text(decodeXmlEntities(source.slice(start, end)));
    }
  };

  /** Returns the index just past the end of the start tag. */
  const readStartTag = (tagStart: number): number => {
    if (rootClosed) throw invalid('a second root element');
    const nameEnd = readName(tagStart + 1);
    if (nameEnd === tagStart + 1) throw invalid(`a stray '<' at ${tagStart}`);
    const qualifiedName = nameAt(tagStart + 1, nameEnd);
    const name = localNameStart === tagStart + 1 ? qualifiedName : nameAt(localNameStart, nameEnd);
    attributes.clear();
    let index = nameEnd;
    for (;;) {
      index = skipWhitespace(index);
      if (index >= length) throw invalid(`<${qualifiedName}> is never closed`);
      const code = source.charCodeAt(index);
      if (code === GREATER_THAN || code === SLASH) {
        const selfClosing = code === SLASH;
        if (selfClosing && source.charCodeAt(index + 1) !== GREATER_THAN) throw invalid(`a stray '/' at ${index}`);
        const depth = openElements.length;
        handler.openElement(name, attributes, depth);
        if (selfClosing) {
          handler.closeElement(name, depth);
          if (depth === 0) rootClosed = true;
          return index + 2;
        }
        if (openElements.length >= MAX_XML_DEPTH) throw invalid(`elements nested deeper than ${MAX_XML_DEPTH}`);
        openElements.push(qualifiedName);
        openLocalNames.push(name);
        return index + 1;
      }
      const attributeNameEnd = readName(index);
      if (attributeNameEnd === index) throw invalid(`an unexpected character in <${qualifiedName}> at ${index}`);
      const attributeLocalNameStart = localNameStart;
      index = skipWhitespace(attributeNameEnd);
      if (source.charCodeAt(index) !== EQUALS) throw invalid(`an attribute of <${qualifiedName}> has no value`);
      index = skipWhitespace(index + 1);
      const quote = source.charCodeAt(index);
      if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE)
        throw invalid(`an attribute of <${qualifiedName}> is not quoted`);
      const valueEnd = source.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", index + 1);
      if (valueEnd === -1) throw invalid(`an attribute of <${qualifiedName}> is never closed`);
      attributes.add(attributeLocalNameStart, attributeNameEnd, index + 1, valueEnd);
      index = valueEnd + 1;
    }
  };

  const readEndTag = (tagStart: number): number => {
    const expected = openElements.pop();
    const name = openLocalNames.pop();
    if (expected === undefined || name === undefined) throw invalid(`an end tag at ${tagStart} closes nothing`);
    const nameEnd = tagStart + 2 + expected.length;
    const close = skipWhitespace(nameEnd);
    if (!isWrittenAt(source, tagStart + 2, expected) || source.charCodeAt(close) !== GREATER_THAN) {
      throw invalid(`the end tag at ${tagStart} does not close <${expected}>`);
    }
    const depth = openElements.length;
    handler.closeElement(name, depth);
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

  let position = 0;
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
