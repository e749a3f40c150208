/** The people, groups, activities and words of the demo data (seed-demo.ts), around Milan. */
import type { Access, Difficulty, IntensityKind, RouteInput, Visibility } from '@cordata/contract';

type Sport = { sportId: string; kind: IntensityKind; value: number };
const run = (metres: number): Sport => ({ sportId: 'running', kind: 'DISTANCE', value: metres });
const trail = (metres: number): Sport => ({ sportId: 'trail-running', kind: 'ELEVATION', value: metres });
const hike = (metres: number): Sport => ({ sportId: 'hiking', kind: 'ELEVATION', value: metres });
const bike = (metres: number): Sport => ({ sportId: 'road-cycling', kind: 'DISTANCE', value: metres });
const mtb = (metres: number): Sport => ({ sportId: 'mountain-biking', kind: 'ELEVATION', value: metres });
const climb = (minutes: number): Sport => ({ sportId: 'climbing', kind: 'TIME', value: minutes });
const walk = (secondsPerKm: number): Sport => ({ sportId: 'nordic-walking', kind: 'PACE', value: secondsPerKm });

interface Person {
  firstName: string;
  lastName: string;
  gender: 'MALE' | 'FEMALE';
  birthDate: string;
  city: string;
  home: [number, number];
  language: 'it' | 'en';
  sports: Sport[];
}

export const DEMO_PEOPLE: Person[] = [
  {
    firstName: 'Giulia',
    lastName: 'Rossi',
    gender: 'FEMALE',
    birthDate: '1992-04-11',
    city: 'Milano',
    home: [45.4781, 9.2032],
    language: 'it',
    sports: [run(10_000), hike(900)],
  },
  {
    firstName: 'Marco',
    lastName: 'Bianchi',
    gender: 'MALE',
    birthDate: '1988-09-23',
    city: 'Milano',
    home: [45.452, 9.176],
    language: 'it',
    sports: [bike(80_000), run(15_000)],
  },
  {
    firstName: 'Francesca',
    lastName: 'Colombo',
    gender: 'FEMALE',
    birthDate: '1995-01-30',
    city: 'Monza',
    home: [45.5845, 9.2744],
    language: 'it',
    sports: [trail(1200), hike(1500)],
  },
  {
    firstName: 'Luca',
    lastName: 'Ferrari',
    gender: 'MALE',
    birthDate: '1985-06-02',
    city: 'Sesto San Giovanni',
    home: [45.535, 9.23],
    language: 'it',
    sports: [mtb(1000), bike(60_000)],
  },
  {
    firstName: 'Chiara',
    lastName: 'Romano',
    gender: 'FEMALE',
    birthDate: '1990-12-14',
    city: 'Milano',
    home: [45.465, 9.158],
    language: 'en',
    sports: [run(8000), walk(480)],
  },
  {
    firstName: 'Alessandro',
    lastName: 'Ricci',
    gender: 'MALE',
    birthDate: '1979-03-08',
    city: 'Lecco',
    home: [45.8566, 9.3977],
    language: 'it',
    sports: [climb(180), hike(1800)],
  },
  {
    firstName: 'Sara',
    lastName: 'Marino',
    gender: 'FEMALE',
    birthDate: '1998-07-19',
    city: 'Milano',
    home: [45.49, 9.22],
    language: 'it',
    sports: [run(21_000)],
  },
  {
    firstName: 'Davide',
    lastName: 'Greco',
    gender: 'MALE',
    birthDate: '1991-11-05',
    city: 'Rho',
    home: [45.5286, 9.0403],
    language: 'it',
    sports: [bike(100_000)],
  },
  {
    firstName: 'Elena',
    lastName: 'Bruno',
    gender: 'FEMALE',
    birthDate: '1987-02-27',
    city: 'Milano',
    home: [45.442, 9.19],
    language: 'en',
    sports: [hike(1000), walk(420)],
  },
  {
    firstName: 'Matteo',
    lastName: 'Gallo',
    gender: 'MALE',
    birthDate: '1993-05-16',
    city: 'Como',
    home: [45.8081, 9.0852],
    language: 'it',
    sports: [trail(1500), mtb(1200)],
  },
  {
    firstName: 'Martina',
    lastName: 'Conti',
    gender: 'FEMALE',
    birthDate: '1996-08-09',
    city: 'Milano',
    home: [45.471, 9.24],
    language: 'it',
    sports: [run(12_000), climb(120)],
  },
  {
    firstName: 'Simone',
    lastName: 'De Luca',
    gender: 'MALE',
    birthDate: '1983-10-21',
    city: 'Bergamo',
    home: [45.6983, 9.6773],
    language: 'it',
    sports: [hike(2000), trail(1800)],
  },
  {
    firstName: 'Valentina',
    lastName: 'Costa',
    gender: 'FEMALE',
    birthDate: '1994-03-03',
    city: 'Milano',
    home: [45.458, 9.21],
    language: 'it',
    sports: [run(5000), walk(540)],
  },
  {
    firstName: 'Andrea',
    lastName: 'Giordano',
    gender: 'MALE',
    birthDate: '1989-01-12',
    city: 'Milano',
    home: [45.496, 9.169],
    language: 'en',
    sports: [bike(70_000), mtb(800)],
  },
  {
    firstName: 'Federica',
    lastName: 'Mancini',
    gender: 'FEMALE',
    birthDate: '1997-06-28',
    city: 'Cinisello Balsamo',
    home: [45.555, 9.215],
    language: 'it',
    sports: [run(10_000), hike(700)],
  },
  {
    firstName: 'Lorenzo',
    lastName: 'Rizzo',
    gender: 'MALE',
    birthDate: '1986-09-30',
    city: 'Milano',
    home: [45.44, 9.225],
    language: 'it',
    sports: [trail(1000), run(18_000)],
  },
  {
    firstName: 'Silvia',
    lastName: 'Lombardi',
    gender: 'FEMALE',
    birthDate: '1990-04-04',
    city: 'Varese',
    home: [45.8206, 8.8251],
    language: 'it',
    sports: [hike(1200), climb(150)],
  },
  {
    firstName: 'Stefano',
    lastName: 'Moretti',
    gender: 'MALE',
    birthDate: '1981-12-01',
    city: 'Milano',
    home: [45.483, 9.19],
    language: 'it',
    sports: [bike(120_000)],
  },
  {
    firstName: 'Alessia',
    lastName: 'Barbieri',
    gender: 'FEMALE',
    birthDate: '1999-02-18',
    city: 'Milano',
    home: [45.461, 9.182],
    language: 'en',
    sports: [run(7000), walk(500)],
  },
  {
    firstName: 'Riccardo',
    lastName: 'Fontana',
    gender: 'MALE',
    birthDate: '1992-07-07',
    city: 'Lodi',
    home: [45.3097, 9.5037],
    language: 'it',
    sports: [bike(90_000), run(10_000)],
  },
  {
    firstName: 'Ilaria',
    lastName: 'Santoro',
    gender: 'FEMALE',
    birthDate: '1993-10-10',
    city: 'Milano',
    home: [45.475, 9.215],
    language: 'it',
    sports: [hike(1100), trail(900)],
  },
  {
    firstName: 'Paolo',
    lastName: 'Mariani',
    gender: 'MALE',
    birthDate: '1977-05-25',
    city: 'Pavia',
    home: [45.1847, 9.1582],
    language: 'it',
    sports: [walk(450), bike(50_000)],
  },
  {
    firstName: 'Beatrice',
    lastName: 'Rinaldi',
    gender: 'FEMALE',
    birthDate: '1995-09-15',
    city: 'Milano',
    home: [45.45, 9.165],
    language: 'it',
    sports: [run(15_000), climb(90)],
  },
  {
    firstName: 'Tommaso',
    lastName: 'Caruso',
    gender: 'MALE',
    birthDate: '1988-03-29',
    city: 'Monza',
    home: [45.59, 9.265],
    language: 'it',
    sports: [mtb(1500), trail(1300)],
  },
];

export const DEMO_GROUPS = [
  {
    name: 'Runners Milano',
    description: 'Corse di gruppo in città: Navigli, Sempione, Idroscalo. Tutti i ritmi sono benvenuti.',
    type: 'OPEN' as const,
    sportIds: ['running', 'trail-running'],
    place: [45.4642, 9.19] as [number, number],
    address: 'Milano',
    members: [0, 4, 6, 10, 12, 18, 22, 15],
  },
  {
    name: 'Lecco Verticale',
    description: 'Escursioni e arrampicate sulle montagne di Lecco: Resegone, Grigne, Barro.',
    type: 'CLOSED' as const,
    sportIds: ['hiking', 'climbing', 'trail-running'],
    place: [45.8566, 9.3977] as [number, number],
    address: 'Lecco',
    members: [5, 2, 9, 11, 16, 20],
  },
  {
    name: 'Pedale Lombardo',
    description: 'Uscite in bici da strada e gravel nella pianura e in Brianza.',
    type: 'OPEN' as const,
    sportIds: ['road-cycling', 'gravel', 'mountain-biking'],
    place: [45.5845, 9.2744] as [number, number],
    address: 'Monza',
    members: [1, 3, 7, 13, 17, 19, 23],
  },
];

/** [latitude, longitude, elevation] corners of a track; gpxTrack fills in the points between. */
type Track = [number, number, number][];

const TRACKS = {
  navigli: [
    [45.4525, 9.1745, 118],
    [45.449, 9.164, 117],
    [45.444, 9.148, 116],
    [45.438, 9.13, 114],
    [45.433, 9.111, 113],
  ],
  barro: [
    [45.816, 9.376, 370],
    [45.8195, 9.3725, 470],
    [45.823, 9.37, 600],
    [45.8285, 9.364, 800],
    [45.831, 9.358, 922],
  ],
  resegone: [
    [45.86, 9.422, 600],
    [45.865, 9.433, 950],
    [45.87, 9.445, 1300],
    [45.864, 9.458, 1600],
    [45.859, 9.471, 1875],
  ],
  grignetta: [
    [45.906, 9.386, 1280],
    [45.911, 9.3865, 1550],
    [45.9155, 9.3868, 1850],
    [45.92, 9.387, 2177],
  ],
  monzaRide: [
    [45.485, 9.205, 128],
    [45.52, 9.22, 140],
    [45.55, 9.245, 155],
    [45.585, 9.27, 170],
    [45.6, 9.285, 175],
  ],
} satisfies Record<string, Track>;

/** A GPX 1.1 track along the corners, with points every few dozen metres and a little GPS noise. */
export function gpxTrack(name: string, corners: Track, pointsPerLeg = 30): string {
  let noise = corners.length * 7919;
  const jitter = () => {
    noise = (noise * 16_807) % 2_147_483_647;
    return noise / 2_147_483_647 - 0.5;
  };
  const points: string[] = [];
  for (let leg = 0; leg + 1 < corners.length; leg++) {
    const [lat1, lon1, ele1] = corners[leg]!;
    const [lat2, lon2, ele2] = corners[leg + 1]!;
    for (let i = 0; i < pointsPerLeg; i++) {
      const f = i / pointsPerLeg;
      const bend = Math.sin(f * Math.PI) * 0.0006;
      const lat = lat1 + (lat2 - lat1) * f + bend + jitter() * 0.00004;
      const lon = lon1 + (lon2 - lon1) * f - bend + jitter() * 0.00004;
      const ele = ele1 + (ele2 - ele1) * f + jitter() * 3;
      points.push(`<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${ele.toFixed(1)}</ele></trkpt>`);
    }
  }
  const [lat, lon, ele] = corners[corners.length - 1]!;
  points.push(`<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${ele.toFixed(1)}</ele></trkpt>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Cordata demo" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>${name}</name></metadata>
  <trk><name>${name}</name><trkseg>
    ${points.join('\n    ')}
  </trkseg></trk>
</gpx>
`;
}

type DemoRoute = Extract<RouteInput, { mode: 'POINTS' }> | { mode: 'GPX'; track: Track };

interface DemoActivity {
  name: string;
  sportId: string;
  creator: number;
  /** Days from today; below zero, an outing that already happened (its recap open to those who came). */
  inDays: number;
  startTime: string;
  endTime: string;
  description: string;
  contact?: string;
  access: Access;
  visibility: Visibility;
  difficulty: Difficulty;
  requiredTime?: number;
  group?: number;
  route: DemoRoute;
  /** Contacts of the creator (neighbours in DEMO_PEOPLE, up to 3 places away). */
  invite?: number[];
  join?: number[];
  request?: number[];
  accept?: number[];
  reject?: [number, string][];
  /** A past outing's people the organiser marked as there; the others who joined are marked as no-shows. */
  attended?: number[];
}

const points = (
  start: [number, number, string],
  destination: [number, number, string],
  steps: [number, number][],
): DemoRoute => ({
  mode: 'POINTS',
  start: { latitude: start[0], longitude: start[1], address: start[2] },
  destination: { latitude: destination[0], longitude: destination[1], address: destination[2] },
  routeSteps: steps.map(([latitude, longitude]) => ({ latitude, longitude })),
});

export const DEMO_ACTIVITIES: DemoActivity[] = [
  {
    name: "Navigli all'alba",
    sportId: 'running',
    creator: 0,
    inDays: 1,
    startTime: '06:45',
    endTime: '08:00',
    description: 'Corsa tranquilla lungo il Naviglio Grande fino a Corsico e ritorno in metro. Ritmo 5:30/km.',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'EASY',
    requiredTime: 60,
    route: { mode: 'GPX', track: TRACKS.navigli },
    join: [4, 6, 12, 18],
  },
  {
    name: 'Giro del Sempione',
    sportId: 'running',
    creator: 4,
    inDays: 2,
    startTime: '18:30',
    endTime: '19:30',
    description: 'Two laps of Parco Sempione after work, meeting at the Arco della Pace.',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'EASY',
    requiredTime: 45,
    route: points(
      [45.4756, 9.1727, 'Arco della Pace, Milano'],
      [45.4704, 9.1793, 'Castello Sforzesco, Milano'],
      [
        [45.4745, 9.1705],
        [45.4725, 9.1722],
        [45.4712, 9.175],
        [45.4722, 9.1795],
      ],
    ),
    join: [0, 22, 10],
  },
  {
    name: 'Monte Barro',
    sportId: 'hiking',
    creator: 5,
    inDays: 3,
    startTime: '08:30',
    endTime: '14:00',
    description: 'Da Galbiate alla vetta del Barro, pranzo al sacco con vista sui laghi.',
    contact: 'Alessandro, 347 000 1122',
    access: 'CLOSED',
    visibility: 'PUBLIC',
    difficulty: 'MEDIUM',
    requiredTime: 240,
    route: { mode: 'GPX', track: TRACKS.barro },
    invite: [2, 8],
    join: [2],
    request: [11, 16, 20],
    accept: [11],
    reject: [[20, 'Posti auto finiti: ci vediamo alla prossima!']],
  },
  {
    name: 'Resegone in giornata',
    sportId: 'hiking',
    creator: 11,
    inDays: 6,
    startTime: '07:00',
    endTime: '16:30',
    description: 'Salita al Resegone dai Piani d’Erna. Dislivello importante, serve allenamento.',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'HARD',
    requiredTime: 420,
    group: 1,
    route: { mode: 'GPX', track: TRACKS.resegone },
    join: [5, 9, 2],
  },
  {
    name: 'Grignetta',
    sportId: 'mountaineering',
    creator: 16,
    inDays: 9,
    startTime: '06:30',
    endTime: '15:00',
    description: 'Cresta Cermenati fino alla vetta della Grignetta. Casco consigliato.',
    access: 'CLOSED',
    visibility: 'PRIVATE',
    difficulty: 'EXPERT',
    requiredTime: 390,
    route: { mode: 'GPX', track: TRACKS.grignetta },
    invite: [15, 17, 19, 13],
    join: [15, 17],
  },
  {
    name: 'Milano–Monza in bici',
    sportId: 'road-cycling',
    creator: 1,
    inDays: 4,
    startTime: '09:00',
    endTime: '12:00',
    description: 'Uscita facile fino al Parco di Monza, caffè all’autodromo e rientro.',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'MEDIUM',
    requiredTime: 150,
    group: 2,
    route: { mode: 'GPX', track: TRACKS.monzaRide },
    join: [3, 7, 13, 17],
  },
  {
    name: 'Idroscalo loop',
    sportId: 'running',
    creator: 6,
    inDays: 5,
    startTime: '19:00',
    endTime: '20:15',
    description: 'Un giro completo dell’Idroscalo, circa 6 km in piano.',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'EASY',
    requiredTime: 40,
    route: points(
      [45.4636, 9.2846, 'Idroscalo, ingresso Punta dell’Est'],
      [45.4636, 9.2846, 'Idroscalo, ingresso Punta dell’Est'],
      [
        [45.4705, 9.2858],
        [45.4768, 9.2874],
        [45.478, 9.2905],
        [45.4702, 9.2892],
        [45.4632, 9.288],
      ],
    ),
    join: [12, 14, 18],
  },
  {
    name: 'Nordic al Parco Nord',
    sportId: 'nordic-walking',
    creator: 21,
    inDays: 2,
    startTime: '10:00',
    endTime: '11:30',
    description: 'Camminata nordica per principianti, bastoncini disponibili.',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'EASY',
    requiredTime: 80,
    route: points(
      [45.5285, 9.1957, 'Parco Nord, Bresso'],
      [45.5205, 9.2074, 'Parco Nord, Niguarda'],
      [
        [45.5262, 9.2001],
        [45.5231, 9.2035],
      ],
    ),
    join: [8, 4, 12],
  },
  {
    name: 'Brianza in MTB',
    sportId: 'mountain-biking',
    creator: 23,
    inDays: 7,
    startTime: '08:00',
    endTime: '12:30',
    description: 'Sentieri del Parco di Montevecchia, fango garantito.',
    access: 'CLOSED',
    visibility: 'PUBLIC',
    difficulty: 'HARD',
    requiredTime: 210,
    route: points(
      [45.7055, 9.3777, 'Montevecchia'],
      [45.7155, 9.4012, 'Cà del Soldato'],
      [
        [45.7101, 9.3825],
        [45.7148, 9.3901],
        [45.7122, 9.3962],
      ],
    ),
    request: [3, 9, 13],
    accept: [3],
  },
  {
    name: 'Ripetute Vigorelli',
    sportId: 'running',
    creator: 22,
    inDays: 8,
    startTime: '19:30',
    endTime: '20:45',
    description: '10 × 400 m, recupero 1 minuto. Portate l’acqua.',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'HARD',
    requiredTime: 60,
    group: 0,
    route: points(
      [45.4783, 9.1612, 'Velodromo Vigorelli'],
      [45.4783, 9.1612, 'Velodromo Vigorelli'],
      [
        [45.4789, 9.1605],
        [45.4783, 9.1596],
        [45.4777, 9.1605],
      ],
    ),
    join: [10, 15, 0],
  },
  {
    name: 'Lungo lago di Como',
    sportId: 'running',
    creator: 9,
    inDays: 10,
    startTime: '08:00',
    endTime: '10:00',
    description: 'Da Como a Cernobbio sulla Passeggiata, 12 km andata e ritorno.',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'MEDIUM',
    requiredTime: 75,
    route: points(
      [45.8125, 9.0806, 'Piazza Cavour, Como'],
      [45.8418, 9.0751, 'Cernobbio'],
      [
        [45.8195, 9.0762],
        [45.8284, 9.0731],
        [45.8352, 9.0744],
      ],
    ),
    join: [8, 10, 11],
  },
  {
    name: 'Gravel sul Ticino',
    sportId: 'gravel',
    creator: 19,
    inDays: 12,
    startTime: '08:30',
    endTime: '13:30',
    description: 'Alzaia del Naviglio Grande fino a Turbigo, sterrato facile.',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'MEDIUM',
    requiredTime: 240,
    route: points(
      [45.4333, 9.111, 'Corsico'],
      [45.5318, 8.7366, 'Turbigo'],
      [
        [45.425, 9.02],
        [45.43, 8.93],
        [45.47, 8.85],
        [45.505, 8.77],
      ],
    ),
    invite: [17, 20, 22],
    join: [17, 1],
  },
  {
    name: 'Cena post corsa',
    sportId: 'running',
    creator: 12,
    inDays: 14,
    startTime: '18:00',
    endTime: '19:00',
    description: 'Corsetta breve e poi pizza tutti insieme. Solo su invito.',
    access: 'OPEN',
    visibility: 'PRIVATE',
    difficulty: 'EASY',
    requiredTime: 45,
    route: points([45.4573, 9.2104, 'Porta Romana'], [45.4504, 9.2008, 'Parco Ravizza'], [[45.4541, 9.2061]]),
    invite: [10, 11, 13, 14, 15],
    join: [10, 14],
  },
  {
    name: 'Navigli al tramonto',
    sportId: 'running',
    creator: 0,
    inDays: -3,
    startTime: '17:30',
    endTime: '18:45',
    description: 'Il giro di sempre lungo il Naviglio Grande, con la luce del tramonto. Ritmo chiacchierabile.',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'EASY',
    requiredTime: 60,
    route: { mode: 'GPX', track: TRACKS.navigli },
    join: [4, 6, 12, 18],
    attended: [4, 6, 12],
  },
  {
    name: 'Grignetta, cresta Cermenati',
    sportId: 'hiking',
    creator: 11,
    inDays: -9,
    startTime: '07:30',
    endTime: '15:30',
    description: 'Salita dalla Cermenati, discesa dalla Direttissima. Giornata limpida, rifugio Rosalba per il caffè.',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'HARD',
    requiredTime: 360,
    route: { mode: 'GPX', track: TRACKS.grignetta },
    join: [5, 2, 16],
    attended: [5, 2, 16],
  },
];

/** Chat lines, one list per activity chat, in order. */
export const DEMO_MESSAGES: string[][] = [
  ['Ci vediamo alla Darsena!', 'Io arrivo 5 minuti prima', 'Perfetto, porto il caffè dopo 😄'],
  ['Meeting at the arch, right?', 'Yes, by the fountain', 'See you there'],
  ['Qualcuno ha un posto in macchina da Milano?', 'Io parto da Lambrate, ho 2 posti'],
  ['Previsioni ottime per sabato', 'Portate i ramponcini, in alto c’è ghiaccio'],
  ['Casco obbligatorio sulla cresta'],
  ['Ritrovo davanti alla Stazione Centrale?', 'Meglio Greco Pirelli, c’è meno traffico'],
  ['Che tramonto ieri sera!', 'Ho caricato due foto nell’album', 'Rifacciamolo giovedì prossimo'],
  ['Grazie a tutti, giornata splendida', 'La cresta era asciutta, perfetta'],
];
