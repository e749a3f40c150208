import { type Language, SUPPORTED_LANGUAGES } from '@cordata/contract';

/**
 * A place's name in English and Italian, and in German, French or Spanish where it differs from the English
 * one (`nameIn` falls back to English).
 */
export interface Names {
  en: string;
  it: string;
  de?: string;
  fr?: string;
  es?: string;
}

export const nameIn = (names: Names, language: Language): string => names[language] ?? names.en;

/**
 * Names the gazetteer lacks. GeoNames gives one name per place, in English for the big cities
 * ("Milan", "Munich") and in the local language for the rest ("Padova", "Köln"), so "Milano" or
 * "Monaco di Baviera" would find nothing without this table. `at` is the country code and the
 * gazetteer's own name (the most populous match wins); `also` holds extra search names. German,
 * French and Spanish names are here only where they differ from the English one, and are search
 * names too.
 */
// biome-ignore format: a table reads best one place a line
export const PLACE_ALIASES: (Names & { at: string; also?: string[] })[] = [
  { at: 'IT:Rome', en: 'Rome', it: 'Roma', de: 'Rom', es: 'Roma' },
  { at: 'IT:Milan', en: 'Milan', it: 'Milano', de: 'Mailand', es: 'Milán' },
  { at: 'IT:Naples', en: 'Naples', it: 'Napoli', de: 'Neapel', es: 'Nápoles' },
  { at: 'IT:Turin', en: 'Turin', it: 'Torino', es: 'Turín' },
  { at: 'IT:Genoa', en: 'Genoa', it: 'Genova', de: 'Genua', fr: 'Gênes', es: 'Génova' },
  { at: 'IT:Florence', en: 'Florence', it: 'Firenze', de: 'Florenz', es: 'Florencia' },
  { at: 'IT:Venice', en: 'Venice', it: 'Venezia', de: 'Venedig', fr: 'Venise', es: 'Venecia' },
  { at: 'IT:Padova', en: 'Padua', it: 'Padova', fr: 'Padoue' },
  { at: 'IT:Siracusa', en: 'Syracuse', it: 'Siracusa', de: 'Syrakus', es: 'Siracusa' },
  { at: 'IT:Mantova', en: 'Mantua', it: 'Mantova', fr: 'Mantoue' },
  { at: 'IT:Bolzano', en: 'Bolzano', it: 'Bolzano', de: 'Bozen' },
  { at: 'IT:San Remo', en: 'Sanremo', it: 'Sanremo', also: ['San Remo'] },
  { at: "IT:Reggio nell'Emilia", en: 'Reggio Emilia', it: 'Reggio Emilia', also: ["Reggio nell'Emilia"] },
  { at: 'DE:Munich', en: 'Munich', it: 'Monaco di Baviera', de: 'München', es: 'Múnich' },
  { at: 'DE:Berlin', en: 'Berlin', it: 'Berlino', es: 'Berlín' },
  { at: 'DE:Köln', en: 'Cologne', it: 'Colonia', de: 'Köln', es: 'Colonia' },
  { at: 'DE:Hamburg', en: 'Hamburg', it: 'Amburgo', fr: 'Hambourg', es: 'Hamburgo' },
  { at: 'DE:Frankfurt am Main', en: 'Frankfurt am Main', it: 'Francoforte sul Meno', fr: 'Francfort-sur-le-Main', es: 'Fráncfort del Meno' },
  { at: 'AT:Vienna', en: 'Vienna', it: 'Vienna', de: 'Wien', fr: 'Vienne', es: 'Viena' },
  { at: 'AT:Salzburg', en: 'Salzburg', it: 'Salisburgo', fr: 'Salzbourg', es: 'Salzburgo' },
  { at: 'CH:Zürich', en: 'Zurich', it: 'Zurigo', de: 'Zürich', es: 'Zúrich' },
  { at: 'CH:Genève', en: 'Geneva', it: 'Ginevra', de: 'Genf', fr: 'Genève', es: 'Ginebra' },
  { at: 'CH:Bern', en: 'Bern', it: 'Berna', fr: 'Berne', es: 'Berna' },
  { at: 'CH:Basel', en: 'Basel', it: 'Basilea', fr: 'Bâle', es: 'Basilea' },
  { at: 'CH:Luzern', en: 'Lucerne', it: 'Lucerna', de: 'Luzern', es: 'Lucerna' },
  { at: 'CH:Sankt Gallen', en: 'St. Gallen', it: 'San Gallo', fr: 'Saint-Gall', es: 'San Galo' },
  { at: 'CH:Sitten', en: 'Sion', it: 'Sion', de: 'Sitten' },
  { at: 'PT:Lisbon', en: 'Lisbon', it: 'Lisbona', de: 'Lissabon', fr: 'Lisbonne', es: 'Lisboa' },
  { at: 'GB:London', en: 'London', it: 'Londra', fr: 'Londres', es: 'Londres' },
  { at: 'GB:Edinburgh', en: 'Edinburgh', it: 'Edimburgo', fr: 'Édimbourg', es: 'Edimburgo' },
  { at: 'FR:Paris', en: 'Paris', it: 'Parigi', es: 'París' },
  { at: 'FR:Marseille', en: 'Marseille', it: 'Marsiglia', es: 'Marsella' },
  { at: 'FR:Lyon', en: 'Lyon', it: 'Lione' },
  { at: 'FR:Nice', en: 'Nice', it: 'Nizza', de: 'Nizza', es: 'Niza' },
  { at: 'FR:Strasbourg', en: 'Strasbourg', it: 'Strasburgo', de: 'Straßburg', es: 'Estrasburgo' },
  { at: 'FR:Toulouse', en: 'Toulouse', it: 'Tolosa' },
  { at: 'ES:Barcelona', en: 'Barcelona', it: 'Barcellona', fr: 'Barcelone' },
  { at: 'ES:Sevilla', en: 'Seville', it: 'Siviglia', de: 'Sevilla', fr: 'Séville', es: 'Sevilla' },
  { at: 'BE:Brussels', en: 'Brussels', it: 'Bruxelles', de: 'Brüssel', fr: 'Bruxelles', es: 'Bruselas' },
  { at: 'BE:Antwerpen', en: 'Antwerp', it: 'Anversa', de: 'Antwerpen', fr: 'Anvers', es: 'Amberes' },
  { at: 'NL:The Hague', en: 'The Hague', it: "L'Aia", de: 'Den Haag', fr: 'La Haye', es: 'La Haya' },
  { at: 'SI:Ljubljana', en: 'Ljubljana', it: 'Lubiana', es: 'Liubliana' },
  { at: 'CZ:Prague', en: 'Prague', it: 'Praga', de: 'Prag', es: 'Praga', also: ['Praha'] },
  { at: 'PL:Warsaw', en: 'Warsaw', it: 'Varsavia', de: 'Warschau', fr: 'Varsovie', es: 'Varsovia', also: ['Warszawa'] },
  { at: 'PL:Kraków', en: 'Krakow', it: 'Cracovia', de: 'Krakau', fr: 'Cracovie', es: 'Cracovia', also: ['Kraków'] },
  { at: 'GR:Athens', en: 'Athens', it: 'Atene', de: 'Athen', fr: 'Athènes', es: 'Atenas' },
  { at: 'DK:Copenhagen', en: 'Copenhagen', it: 'Copenaghen', de: 'Kopenhagen', fr: 'Copenhague', es: 'Copenhague' },
  { at: 'SE:Stockholm', en: 'Stockholm', it: 'Stoccolma', es: 'Estocolmo' },
  { at: 'RU:Moscow', en: 'Moscow', it: 'Mosca', de: 'Moskau', fr: 'Moscou', es: 'Moscú' },
  { at: 'RS:Belgrade', en: 'Belgrade', it: 'Belgrado', de: 'Belgrad', es: 'Belgrado' },
  { at: 'RO:Bucharest', en: 'Bucharest', it: 'Bucarest', de: 'Bukarest', fr: 'Bucarest', es: 'Bucarest' },
  { at: 'IE:Dublin', en: 'Dublin', it: 'Dublino', es: 'Dublín' },
  { at: 'HR:Zagreb', en: 'Zagreb', it: 'Zagabria' },
  { at: 'VA:Vatican City', en: 'Vatican City', it: 'Città del Vaticano', de: 'Vatikanstadt', fr: 'Cité du Vatican', es: 'Ciudad del Vaticano' },
];

/** One name for all languages, or English and Italian, or English, Italian, German, French and Spanish. */
type RegionNames = string | [en: string, it: string, de?: string, fr?: string, es?: string];

/** A German, French or Spanish name is kept only where it differs from the English one. */
const regions = (table: Record<string, RegionNames>): Record<string, Names> =>
  Object.fromEntries(
    Object.entries(table).map(([code, n]) => {
      if (typeof n === 'string') return [code, { en: n, it: n }];
      const [en, it, ...others] = n;
      const names: Names = { en, it };
      for (const [k, language] of (['de', 'fr', 'es'] as const).entries()) {
        const name = others[k];
        if (name && name !== en) names[language] = name;
      }
      return [code, names];
    }),
  );

/**
 * First-level regions by GeoNames admin1 code, for the countries Cordata's users mostly move in.
 * Elsewhere a label has the place and the country only (or the US state's postal code).
 */
// biome-ignore format: a table reads best one region a line
export const ADMIN_NAMES: Record<string, Record<string, Names>> = {
  IT: regions({
    '01': ['Abruzzo', 'Abruzzo', 'Abruzzen', 'Abruzzes', 'Abruzos'],
    '02': ['Basilicata', 'Basilicata', 'Basilikata', 'Basilicate', 'Basilicata'],
    '03': ['Calabria', 'Calabria', 'Kalabrien', 'Calabre', 'Calabria'],
    '04': ['Campania', 'Campania', 'Kampanien', 'Campanie', 'Campania'],
    '05': ['Emilia-Romagna', 'Emilia-Romagna', 'Emilia-Romagna', 'Émilie-Romagne', 'Emilia-Romaña'],
    '06': ['Friuli Venezia Giulia', 'Friuli Venezia Giulia', 'Friaul-Julisch Venetien', 'Frioul-Vénétie Julienne', 'Friuli-Venecia Julia'],
    '07': ['Lazio', 'Lazio', 'Latium', 'Latium', 'Lacio'],
    '08': ['Liguria', 'Liguria', 'Ligurien', 'Ligurie', 'Liguria'],
    '09': ['Lombardy', 'Lombardia', 'Lombardei', 'Lombardie', 'Lombardía'],
    '10': ['Marche', 'Marche', 'Marken', 'Marches', 'Marcas'],
    '11': 'Molise',
    '12': ['Piedmont', 'Piemonte', 'Piemont', 'Piémont', 'Piamonte'],
    '13': ['Apulia', 'Puglia', 'Apulien', 'Pouilles', 'Apulia'],
    '14': ['Sardinia', 'Sardegna', 'Sardinien', 'Sardaigne', 'Cerdeña'],
    '15': ['Sicily', 'Sicilia', 'Sizilien', 'Sicile', 'Sicilia'],
    '16': ['Tuscany', 'Toscana', 'Toskana', 'Toscane', 'Toscana'],
    '17': ['Trentino-Alto Adige', 'Trentino-Alto Adige', 'Trentino-Südtirol', 'Trentin-Haut-Adige', 'Trentino-Alto Adigio'],
    '18': ['Umbria', 'Umbria', 'Umbrien', 'Ombrie', 'Umbría'],
    '19': ['Aosta Valley', "Valle d'Aosta", 'Aostatal', "Vallée d'Aoste", 'Valle de Aosta'],
    '20': ['Veneto', 'Veneto', 'Venetien', 'Vénétie', 'Véneto'],
  }),
  DE: regions({
    '01': ['Baden-Württemberg', 'Baden-Württemberg', 'Baden-Württemberg', 'Bade-Wurtemberg', 'Baden-Wurtemberg'],
    '02': ['Bavaria', 'Baviera', 'Bayern', 'Bavière', 'Baviera'],
    '03': ['Bremen', 'Brema', 'Bremen', 'Brême', 'Bremen'],
    '04': ['Hamburg', 'Amburgo', 'Hamburg', 'Hambourg', 'Hamburgo'],
    '05': ['Hesse', 'Assia', 'Hessen', 'Hesse', 'Hesse'],
    '06': ['Lower Saxony', 'Bassa Sassonia', 'Niedersachsen', 'Basse-Saxe', 'Baja Sajonia'],
    '07': ['North Rhine-Westphalia', 'Renania Settentrionale-Vestfalia', 'Nordrhein-Westfalen', 'Rhénanie-du-Nord-Westphalie', 'Renania del Norte-Westfalia'],
    '08': ['Rhineland-Palatinate', 'Renania-Palatinato', 'Rheinland-Pfalz', 'Rhénanie-Palatinat', 'Renania-Palatinado'],
    '09': ['Saarland', 'Saarland', 'Saarland', 'Sarre', 'Sarre'],
    '10': 'Schleswig-Holstein',
    '11': ['Brandenburg', 'Brandeburgo', 'Brandenburg', 'Brandebourg', 'Brandeburgo'],
    '12': ['Mecklenburg-Western Pomerania', 'Meclemburgo-Pomerania Anteriore', 'Mecklenburg-Vorpommern', 'Mecklembourg-Poméranie-Occidentale', 'Mecklemburgo-Pomerania Occidental'],
    '13': ['Saxony', 'Sassonia', 'Sachsen', 'Saxe', 'Sajonia'],
    '14': ['Saxony-Anhalt', 'Sassonia-Anhalt', 'Sachsen-Anhalt', 'Saxe-Anhalt', 'Sajonia-Anhalt'],
    '15': ['Thuringia', 'Turingia', 'Thüringen', 'Thuringe', 'Turingia'],
    '16': ['Berlin', 'Berlino', 'Berlin', 'Berlin', 'Berlín'],
  }),
  AT: regions({
    '01': 'Burgenland',
    '02': ['Carinthia', 'Carinzia', 'Kärnten', 'Carinthie', 'Carintia'],
    '03': ['Lower Austria', 'Bassa Austria', 'Niederösterreich', 'Basse-Autriche', 'Baja Austria'],
    '04': ['Upper Austria', 'Alta Austria', 'Oberösterreich', 'Haute-Autriche', 'Alta Austria'],
    '05': ['Salzburg', 'Salisburghese', 'Salzburg', 'Salzbourg', 'Salzburgo'],
    '06': ['Styria', 'Stiria', 'Steiermark', 'Styrie', 'Estiria'],
    '07': ['Tyrol', 'Tirolo', 'Tirol', 'Tyrol', 'Tirol'],
    '08': 'Vorarlberg',
    '09': ['Vienna', 'Vienna', 'Wien', 'Vienne', 'Viena'],
  }),
  CH: regions({
    AG: ['Aargau', 'Argovia', 'Aargau', 'Argovie', 'Argovia'],
    AI: ['Appenzell Innerrhoden', 'Appenzello Interno', 'Appenzell Innerrhoden', 'Appenzell Rhodes-Intérieures', 'Appenzell Rodas Interiores'],
    AR: ['Appenzell Ausserrhoden', 'Appenzello Esterno', 'Appenzell Ausserrhoden', 'Appenzell Rhodes-Extérieures', 'Appenzell Rodas Exteriores'],
    BE: ['Bern', 'Berna', 'Bern', 'Berne', 'Berna'],
    BL: ['Basel-Landschaft', 'Basilea Campagna', 'Basel-Landschaft', 'Bâle-Campagne', 'Basilea-Campiña'],
    BS: ['Basel-Stadt', 'Basilea Città', 'Basel-Stadt', 'Bâle-Ville', 'Basilea-Ciudad'],
    FR: ['Fribourg', 'Friburgo', 'Freiburg', 'Fribourg', 'Friburgo'],
    GE: ['Geneva', 'Ginevra', 'Genf', 'Genève', 'Ginebra'],
    GL: ['Glarus', 'Glarona', 'Glarus', 'Glaris', 'Glaris'],
    GR: ['Graubünden', 'Grigioni', 'Graubünden', 'Grisons', 'Grisones'],
    JU: ['Jura', 'Giura'],
    LU: ['Lucerne', 'Lucerna', 'Luzern', 'Lucerne', 'Lucerna'],
    NE: ['Neuchâtel', 'Neuchâtel', 'Neuenburg', 'Neuchâtel', 'Neuchâtel'],
    NW: ['Nidwalden', 'Nidvaldo', 'Nidwalden', 'Nidwald', 'Nidwalden'],
    OW: ['Obwalden', 'Obvaldo', 'Obwalden', 'Obwald', 'Obwalden'],
    SG: ['St. Gallen', 'San Gallo', 'St. Gallen', 'Saint-Gall', 'San Galo'],
    SH: ['Schaffhausen', 'Sciaffusa', 'Schaffhausen', 'Schaffhouse', 'Schaffhausen'],
    SO: ['Solothurn', 'Soletta', 'Solothurn', 'Soleure', 'Soleura'],
    SZ: ['Schwyz', 'Svitto'],
    TG: ['Thurgau', 'Turgovia', 'Thurgau', 'Thurgovie', 'Turgovia'],
    TI: ['Ticino', 'Ticino', 'Tessin', 'Tessin', 'Tesino'],
    UR: 'Uri',
    VD: ['Vaud', 'Vaud', 'Waadt', 'Vaud', 'Vaud'],
    VS: ['Valais', 'Vallese', 'Wallis', 'Valais', 'Valais'],
    ZG: ['Zug', 'Zugo', 'Zug', 'Zoug', 'Zug'],
    ZH: ['Zurich', 'Zurigo', 'Zürich', 'Zurich', 'Zúrich'],
  }),
  FR: regions({
    '11': ['Île-de-France', 'Île-de-France', 'Île-de-France', 'Île-de-France', 'Isla de Francia'],
    '24': ['Centre-Val de Loire', 'Centre-Val de Loire', 'Centre-Val de Loire', 'Centre-Val de Loire', 'Centro-Valle de Loira'],
    '27': ['Bourgogne-Franche-Comté', 'Borgogna-Franca Contea', 'Bourgogne-Franche-Comté', 'Bourgogne-Franche-Comté', 'Borgoña-Franco Condado'],
    '28': ['Normandy', 'Normandia', 'Normandie', 'Normandie', 'Normandía'],
    '32': ['Hauts-de-France', 'Hauts-de-France', 'Hauts-de-France', 'Hauts-de-France', 'Alta Francia'],
    '44': ['Grand Est', 'Grand Est', 'Grand Est', 'Grand Est', 'Gran Este'],
    '52': ['Pays de la Loire', 'Paesi della Loira', 'Pays de la Loire', 'Pays de la Loire', 'País del Loira'],
    '53': ['Brittany', 'Bretagna', 'Bretagne', 'Bretagne', 'Bretaña'],
    '75': ['Nouvelle-Aquitaine', 'Nuova Aquitania', 'Nouvelle-Aquitaine', 'Nouvelle-Aquitaine', 'Nueva Aquitania'],
    '76': ['Occitania', 'Occitania', 'Okzitanien', 'Occitanie', 'Occitania'],
    '84': ['Auvergne-Rhône-Alpes', 'Alvernia-Rodano-Alpi', 'Auvergne-Rhône-Alpes', 'Auvergne-Rhône-Alpes', 'Auvernia-Ródano-Alpes'],
    '93': ["Provence-Alpes-Côte d'Azur", 'Provenza-Alpi-Costa Azzurra', "Provence-Alpes-Côte d'Azur", "Provence-Alpes-Côte d'Azur", 'Provenza-Alpes-Costa Azul'],
    '94': ['Corsica', 'Corsica', 'Korsika', 'Corse', 'Córcega'],
  }),
  ES: regions({
    '07': ['Balearic Islands', 'Isole Baleari', 'Balearen', 'Îles Baléares', 'Islas Baleares'],
    '27': 'La Rioja',
    '29': ['Community of Madrid', 'Comunità di Madrid', 'Autonome Gemeinschaft Madrid', 'Communauté de Madrid', 'Comunidad de Madrid'],
    '31': ['Region of Murcia', 'Regione di Murcia', 'Region Murcia', 'Région de Murcie', 'Región de Murcia'],
    '32': ['Navarre', 'Navarra', 'Navarra', 'Navarre', 'Navarra'],
    '34': ['Asturias', 'Asturie', 'Asturien', 'Asturies', 'Asturias'],
    '39': ['Cantabria', 'Cantabria', 'Kantabrien', 'Cantabrie', 'Cantabria'],
    '51': ['Andalusia', 'Andalusia', 'Andalusien', 'Andalousie', 'Andalucía'],
    '52': ['Aragon', 'Aragona', 'Aragonien', 'Aragon', 'Aragón'],
    '53': ['Canary Islands', 'Isole Canarie', 'Kanarische Inseln', 'Îles Canaries', 'Canarias'],
    '54': ['Castilla-La Mancha', 'Castiglia-La Mancia', 'Kastilien-La Mancha', 'Castille-La Manche', 'Castilla-La Mancha'],
    '55': ['Castile and León', 'Castiglia e León', 'Kastilien und León', 'Castille-et-León', 'Castilla y León'],
    '56': ['Catalonia', 'Catalogna', 'Katalonien', 'Catalogne', 'Cataluña'],
    '57': ['Extremadura', 'Estremadura', 'Extremadura', 'Estrémadure', 'Extremadura'],
    '58': ['Galicia', 'Galizia', 'Galicien', 'Galice', 'Galicia'],
    '59': ['Basque Country', 'Paesi Baschi', 'Baskenland', 'Pays basque', 'País Vasco'],
    '60': ['Valencian Community', 'Comunità Valenciana', 'Valencianische Gemeinschaft', 'Communauté valencienne', 'Comunidad Valenciana'],
    CE: 'Ceuta',
    ML: 'Melilla',
  }),
  GB: regions({
    ENG: ['England', 'Inghilterra', 'England', 'Angleterre', 'Inglaterra'],
    SCT: ['Scotland', 'Scozia', 'Schottland', 'Écosse', 'Escocia'],
    WLS: ['Wales', 'Galles', 'Wales', 'Pays de Galles', 'Gales'],
    NIR: ['Northern Ireland', 'Irlanda del Nord', 'Nordirland', 'Irlande du Nord', 'Irlanda del Norte'],
  }),
};

/** The region's name, or the US state's postal code, or nothing where the table has no entry. */
export function adminName(country: string, code: string, language: Language): string | undefined {
  if (country === 'US' && /^[A-Z]{2}$/.test(code)) return code;
  const names = ADMIN_NAMES[country]?.[code];
  return names && nameIn(names, language);
}

const countryNames = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [
    language,
    new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }),
  ]),
) as Record<Language, Intl.DisplayNames>;

/** The country's name from its ISO code, through the ICU data Node ships with. */
export function countryName(code: string, language: Language): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  return countryNames[language].of(code) ?? code;
}
