import type { Language } from '@cordata/contract';

/** A name in both languages of the app. */
export interface Names {
  en: string;
  it: string;
}

/**
 * English and Italian names the gazetteer lacks. GeoNames gives one name per place, in English for
 * the big cities ("Milan", "Munich") and in the local language for the rest ("Padova", "Köln"), so
 * "Milano" or "Monaco di Baviera" would find nothing without this table. `at` is the country code
 * and the gazetteer's own name (the most populous match wins); `also` holds extra search names.
 */
export const PLACE_ALIASES: { at: string; en: string; it: string; also?: string[] }[] = [
  { at: 'IT:Rome', en: 'Rome', it: 'Roma' },
  { at: 'IT:Milan', en: 'Milan', it: 'Milano' },
  { at: 'IT:Naples', en: 'Naples', it: 'Napoli' },
  { at: 'IT:Turin', en: 'Turin', it: 'Torino' },
  { at: 'IT:Genoa', en: 'Genoa', it: 'Genova' },
  { at: 'IT:Florence', en: 'Florence', it: 'Firenze' },
  { at: 'IT:Venice', en: 'Venice', it: 'Venezia' },
  { at: 'IT:Padova', en: 'Padua', it: 'Padova' },
  { at: 'IT:Siracusa', en: 'Syracuse', it: 'Siracusa' },
  { at: 'IT:Mantova', en: 'Mantua', it: 'Mantova' },
  { at: 'IT:Bolzano', en: 'Bolzano', it: 'Bolzano', also: ['Bozen'] },
  { at: 'IT:San Remo', en: 'Sanremo', it: 'Sanremo', also: ['San Remo'] },
  { at: "IT:Reggio nell'Emilia", en: 'Reggio Emilia', it: 'Reggio Emilia', also: ["Reggio nell'Emilia"] },
  { at: 'DE:Munich', en: 'Munich', it: 'Monaco di Baviera', also: ['München'] },
  { at: 'DE:Berlin', en: 'Berlin', it: 'Berlino' },
  { at: 'DE:Köln', en: 'Cologne', it: 'Colonia', also: ['Köln'] },
  { at: 'DE:Hamburg', en: 'Hamburg', it: 'Amburgo' },
  { at: 'DE:Frankfurt am Main', en: 'Frankfurt am Main', it: 'Francoforte sul Meno' },
  { at: 'AT:Vienna', en: 'Vienna', it: 'Vienna', also: ['Wien'] },
  { at: 'AT:Salzburg', en: 'Salzburg', it: 'Salisburgo' },
  { at: 'CH:Zürich', en: 'Zurich', it: 'Zurigo', also: ['Zürich'] },
  { at: 'CH:Genève', en: 'Geneva', it: 'Ginevra', also: ['Genève', 'Genf'] },
  { at: 'CH:Bern', en: 'Bern', it: 'Berna' },
  { at: 'CH:Basel', en: 'Basel', it: 'Basilea' },
  { at: 'CH:Luzern', en: 'Lucerne', it: 'Lucerna', also: ['Luzern'] },
  { at: 'CH:Sankt Gallen', en: 'St. Gallen', it: 'San Gallo' },
  { at: 'CH:Sitten', en: 'Sion', it: 'Sion', also: ['Sitten'] },
  { at: 'PT:Lisbon', en: 'Lisbon', it: 'Lisbona', also: ['Lisboa'] },
  { at: 'GB:London', en: 'London', it: 'Londra' },
  { at: 'GB:Edinburgh', en: 'Edinburgh', it: 'Edimburgo' },
  { at: 'FR:Paris', en: 'Paris', it: 'Parigi' },
  { at: 'FR:Marseille', en: 'Marseille', it: 'Marsiglia' },
  { at: 'FR:Lyon', en: 'Lyon', it: 'Lione' },
  { at: 'FR:Nice', en: 'Nice', it: 'Nizza' },
  { at: 'FR:Strasbourg', en: 'Strasbourg', it: 'Strasburgo' },
  { at: 'FR:Toulouse', en: 'Toulouse', it: 'Tolosa' },
  { at: 'ES:Barcelona', en: 'Barcelona', it: 'Barcellona' },
  { at: 'ES:Sevilla', en: 'Seville', it: 'Siviglia', also: ['Sevilla'] },
  { at: 'BE:Brussels', en: 'Brussels', it: 'Bruxelles' },
  { at: 'BE:Antwerpen', en: 'Antwerp', it: 'Anversa', also: ['Antwerpen'] },
  { at: 'NL:The Hague', en: 'The Hague', it: "L'Aia", also: ['Den Haag'] },
  { at: 'SI:Ljubljana', en: 'Ljubljana', it: 'Lubiana' },
  { at: 'CZ:Prague', en: 'Prague', it: 'Praga', also: ['Praha'] },
  { at: 'PL:Warsaw', en: 'Warsaw', it: 'Varsavia', also: ['Warszawa'] },
  { at: 'PL:Kraków', en: 'Krakow', it: 'Cracovia', also: ['Kraków'] },
  { at: 'GR:Athens', en: 'Athens', it: 'Atene' },
  { at: 'DK:Copenhagen', en: 'Copenhagen', it: 'Copenaghen' },
  { at: 'SE:Stockholm', en: 'Stockholm', it: 'Stoccolma' },
  { at: 'RU:Moscow', en: 'Moscow', it: 'Mosca' },
  { at: 'RS:Belgrade', en: 'Belgrade', it: 'Belgrado' },
  { at: 'RO:Bucharest', en: 'Bucharest', it: 'Bucarest' },
  { at: 'IE:Dublin', en: 'Dublin', it: 'Dublino' },
  { at: 'HR:Zagreb', en: 'Zagreb', it: 'Zagabria' },
  { at: 'VA:Vatican City', en: 'Vatican City', it: 'Città del Vaticano' },
];

const regions = (table: Record<string, string | [en: string, it: string]>) =>
  Object.fromEntries(
    Object.entries(table).map(([code, n]) => [code, typeof n === 'string' ? { en: n, it: n } : { en: n[0], it: n[1] }]),
  );

/**
 * First-level regions by GeoNames admin1 code, for the countries Cordata's users mostly move in.
 * Elsewhere a label has the place and the country only (or the US state's postal code).
 */
export const ADMIN_NAMES: Record<string, Record<string, Names>> = {
  IT: regions({
    '01': 'Abruzzo',
    '02': 'Basilicata',
    '03': 'Calabria',
    '04': 'Campania',
    '05': 'Emilia-Romagna',
    '06': 'Friuli Venezia Giulia',
    '07': 'Lazio',
    '08': 'Liguria',
    '09': ['Lombardy', 'Lombardia'],
    '10': 'Marche',
    '11': 'Molise',
    '12': ['Piedmont', 'Piemonte'],
    '13': ['Apulia', 'Puglia'],
    '14': ['Sardinia', 'Sardegna'],
    '15': ['Sicily', 'Sicilia'],
    '16': ['Tuscany', 'Toscana'],
    '17': 'Trentino-Alto Adige',
    '18': 'Umbria',
    '19': ['Aosta Valley', "Valle d'Aosta"],
    '20': 'Veneto',
  }),
  DE: regions({
    '01': 'Baden-Württemberg',
    '02': ['Bavaria', 'Baviera'],
    '03': ['Bremen', 'Brema'],
    '04': ['Hamburg', 'Amburgo'],
    '05': ['Hesse', 'Assia'],
    '06': ['Lower Saxony', 'Bassa Sassonia'],
    '07': ['North Rhine-Westphalia', 'Renania Settentrionale-Vestfalia'],
    '08': ['Rhineland-Palatinate', 'Renania-Palatinato'],
    '09': 'Saarland',
    '10': 'Schleswig-Holstein',
    '11': ['Brandenburg', 'Brandeburgo'],
    '12': ['Mecklenburg-Western Pomerania', 'Meclemburgo-Pomerania Anteriore'],
    '13': ['Saxony', 'Sassonia'],
    '14': ['Saxony-Anhalt', 'Sassonia-Anhalt'],
    '15': ['Thuringia', 'Turingia'],
    '16': ['Berlin', 'Berlino'],
  }),
  AT: regions({
    '01': 'Burgenland',
    '02': ['Carinthia', 'Carinzia'],
    '03': ['Lower Austria', 'Bassa Austria'],
    '04': ['Upper Austria', 'Alta Austria'],
    '05': ['Salzburg', 'Salisburghese'],
    '06': ['Styria', 'Stiria'],
    '07': ['Tyrol', 'Tirolo'],
    '08': 'Vorarlberg',
    '09': 'Vienna',
  }),
  CH: regions({
    AG: ['Aargau', 'Argovia'],
    AI: ['Appenzell Innerrhoden', 'Appenzello Interno'],
    AR: ['Appenzell Ausserrhoden', 'Appenzello Esterno'],
    BE: ['Bern', 'Berna'],
    BL: ['Basel-Landschaft', 'Basilea Campagna'],
    BS: ['Basel-Stadt', 'Basilea Città'],
    FR: ['Fribourg', 'Friburgo'],
    GE: ['Geneva', 'Ginevra'],
    GL: ['Glarus', 'Glarona'],
    GR: ['Graubünden', 'Grigioni'],
    JU: ['Jura', 'Giura'],
    LU: ['Lucerne', 'Lucerna'],
    NE: 'Neuchâtel',
    NW: ['Nidwalden', 'Nidvaldo'],
    OW: ['Obwalden', 'Obvaldo'],
    SG: ['St. Gallen', 'San Gallo'],
    SH: ['Schaffhausen', 'Sciaffusa'],
    SO: ['Solothurn', 'Soletta'],
    SZ: ['Schwyz', 'Svitto'],
    TG: ['Thurgau', 'Turgovia'],
    TI: 'Ticino',
    UR: 'Uri',
    VD: 'Vaud',
    VS: ['Valais', 'Vallese'],
    ZG: ['Zug', 'Zugo'],
    ZH: ['Zurich', 'Zurigo'],
  }),
  FR: regions({
    '11': 'Île-de-France',
    '24': 'Centre-Val de Loire',
    '27': ['Bourgogne-Franche-Comté', 'Borgogna-Franca Contea'],
    '28': ['Normandy', 'Normandia'],
    '32': 'Hauts-de-France',
    '44': 'Grand Est',
    '52': ['Pays de la Loire', 'Paesi della Loira'],
    '53': ['Brittany', 'Bretagna'],
    '75': ['Nouvelle-Aquitaine', 'Nuova Aquitania'],
    '76': ['Occitania', 'Occitania'],
    '84': ['Auvergne-Rhône-Alpes', 'Alvernia-Rodano-Alpi'],
    '93': ["Provence-Alpes-Côte d'Azur", 'Provenza-Alpi-Costa Azzurra'],
    '94': 'Corsica',
  }),
  ES: regions({
    '07': ['Balearic Islands', 'Isole Baleari'],
    '27': 'La Rioja',
    '29': ['Community of Madrid', 'Comunità di Madrid'],
    '31': ['Region of Murcia', 'Regione di Murcia'],
    '32': ['Navarre', 'Navarra'],
    '34': ['Asturias', 'Asturie'],
    '39': 'Cantabria',
    '51': ['Andalusia', 'Andalusia'],
    '52': ['Aragon', 'Aragona'],
    '53': ['Canary Islands', 'Isole Canarie'],
    '54': ['Castilla-La Mancha', 'Castiglia-La Mancia'],
    '55': ['Castile and León', 'Castiglia e León'],
    '56': ['Catalonia', 'Catalogna'],
    '57': ['Extremadura', 'Estremadura'],
    '58': ['Galicia', 'Galizia'],
    '59': ['Basque Country', 'Paesi Baschi'],
    '60': ['Valencian Community', 'Comunità Valenciana'],
    CE: 'Ceuta',
    ML: 'Melilla',
  }),
  GB: regions({
    ENG: ['England', 'Inghilterra'],
    SCT: ['Scotland', 'Scozia'],
    WLS: ['Wales', 'Galles'],
    NIR: ['Northern Ireland', 'Irlanda del Nord'],
  }),
};

/** The region's name, or the US state's postal code, or nothing where the table has no entry. */
export function adminName(country: string, code: string, language: Language): string | undefined {
  if (country === 'US' && /^[A-Z]{2}$/.test(code)) return code;
  return ADMIN_NAMES[country]?.[code]?.[language];
}

const countryNames = {
  en: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }),
  it: new Intl.DisplayNames(['it'], { type: 'region', fallback: 'code' }),
};

/** The country's name from its ISO code, through the ICU data Node ships with. */
export function countryName(code: string, language: Language): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  return countryNames[language].of(code) ?? code;
}
