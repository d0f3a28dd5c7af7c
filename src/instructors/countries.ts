/**
 * The countries of the instructors page's dropdown (spec §2), with what differs between them: the
 * earnings claim that applies (spec §9 has figures for France and Spain, "up to" elsewhere) and the
 * qualifications we accept, by their official names (not translated: an instructor recognises
 * their own diploma's name). Country names come from Intl, in the page's language.
 */
export type EarningsClaim = 'france' | 'spain' | 'upTo';

/** ISO 3166-1 alpha-2 codes of the countries whose instructors we invite, in the dropdown's order. */
export const teachingCountryCodes = ['FR', 'ES', 'AT', 'AR', 'CL', 'CH', 'IT'] as const;
export type TeachingCountryCode = (typeof teachingCountryCodes)[number];

export type TeachingCountry = {
  code: TeachingCountryCode;
  earnings: EarningsClaim;
  /** Official names; empty when we only state the national diploma in words. */
  qualifications: string[];
  /** Also accepts an international (ISIA-stamped) qualification. */
  isia: boolean;
};

export const teachingCountries: TeachingCountry[] = [
  {
    code: 'FR',
    earnings: 'france',
    qualifications: [
      'Diplôme d’État de moniteur national de ski alpin',
      'Moniteur stagiaire (formation en cours)',
    ],
    isia: false,
  },
  {
    code: 'ES',
    earnings: 'spain',
    qualifications: [
      'Técnico Deportivo TD1 (nivel I)',
      'Técnico Deportivo TD2 (nivel II)',
      'Técnico Deportivo Superior TD3 (nivel III)',
    ],
    isia: false,
  },
  {
    code: 'AT',
    earnings: 'upTo',
    qualifications: [
      'Landesskilehrer / Landessnowboardlehrer',
      'Staatlich geprüfter Skilehrer / Snowboardlehrer',
    ],
    isia: true,
  },
  { code: 'AR', earnings: 'upTo', qualifications: ['Instructor AADIDESS'], isia: true },
  { code: 'CL', earnings: 'upTo', qualifications: [], isia: true },
  {
    code: 'CH',
    earnings: 'upTo',
    qualifications: [
      'Schneesportlehrer/in mit eidg. Fachausweis (brevet fédéral)',
      'Swiss Snowsports Instructor',
    ],
    isia: true,
  },
  {
    code: 'IT',
    earnings: 'upTo',
    qualifications: ['Maestro di sci (abilitazione regionale)', 'Maestro di snowboard'],
    isia: true,
  },
];
