/**
 * A drawn three-generation family tree for the landing page. The people are invented; names and
 * years are the same in every language, so the picture needs no translation (it is decorative).
 */
interface Person {
  name: string;
  years: string;
  x: number;
  y: number;
  accent: string;
}

const CARD_WIDTH = 118;
const CARD_HEIGHT = 50;
const FOREST = 'var(--mantine-color-forest-7)';
const AMBER = 'var(--mantine-color-orange-5)';

const grandparents: Person[] = [
  { name: 'Johan Berg', years: '1862–1930', x: 4, y: 8, accent: FOREST },
  { name: 'Karin Ström', years: '1865–1941', x: 126, y: 8, accent: AMBER },
  { name: 'Lars Holm', years: '1860–1925', x: 248, y: 8, accent: FOREST },
  { name: 'Elin Lund', years: '1868–1950', x: 370, y: 8, accent: AMBER },
];
const parents: Person[] = [
  { name: 'Erik Berg', years: '1890–1961', x: 65, y: 118, accent: FOREST },
  { name: 'Maria Holm', years: '1894–1970', x: 309, y: 118, accent: AMBER },
];
const root: Person = { name: 'Anna Lindqvist', years: '1921–2004', x: 187, y: 228, accent: AMBER };

function centerX(person: Person): number {
  return person.x + CARD_WIDTH / 2;
}

/** An elbow line from two partners down to their child. */
function FamilyLines({ father, mother, child }: { father: Person; mother: Person; child: Person }) {
  const midY = father.y + CARD_HEIGHT / 2;
  const join = (centerX(father) + centerX(mother)) / 2;
  const dropY = child.y - 18;
  return (
    <g stroke="var(--mantine-color-gray-5)" strokeWidth="1.5" fill="none">
      <path d={`M${father.x + CARD_WIDTH} ${midY} H${mother.x}`} />
      <path d={`M${join} ${midY} V${dropY} H${centerX(child)} V${child.y}`} />
    </g>
  );
}

function PersonCard({ person, isRoot = false }: { person: Person; isRoot?: boolean }) {
  return (
    <g transform={`translate(${person.x} ${person.y})`}>
      <rect
        width={CARD_WIDTH}
        height={CARD_HEIGHT}
        rx="8"
        fill="#fff"
        stroke={isRoot ? FOREST : 'var(--mantine-color-gray-3)'}
        strokeWidth={isRoot ? 2 : 1}
        filter="url(#card-shadow)"
      />
      <rect width="5" height={CARD_HEIGHT - 16} x="8" y="8" rx="2.5" fill={person.accent} />
      <text x="20" y="22" fontSize="11.5" fontWeight="600" fill="var(--mantine-color-dark-7)">
        {person.name}
      </text>
      <text x="20" y="38" fontSize="10.5" fill="var(--mantine-color-gray-6)">
        {person.years}
      </text>
    </g>
  );
}

export function FamilyTreeIllustration() {
  const [johan, karin, lars, elin] = grandparents;
  const [erik, maria] = parents;
  if (!johan || !karin || !lars || !elin || !erik || !maria) return null;
  return (
    <svg
      viewBox="0 0 492 290"
      width="100%"
      aria-hidden="true"
      focusable="false"
      style={{ maxWidth: 520, display: 'block', fontFamily: 'var(--mantine-font-family)' }}
    >
      <defs>
        <filter id="card-shadow" x="-10%" y="-20%" width="120%" height="150%">
          <feDropShadow dx="0" dy="2" stdDeviation="2.5" floodColor="#1b3b2a" floodOpacity="0.12" />
        </filter>
      </defs>
      <FamilyLines father={johan} mother={karin} child={erik} />
      <FamilyLines father={lars} mother={elin} child={maria} />
      <FamilyLines father={erik} mother={maria} child={root} />
      {grandparents.map((person) => (
        <PersonCard key={person.name} person={person} />
      ))}
      {parents.map((person) => (
        <PersonCard key={person.name} person={person} />
      ))}
      <PersonCard person={root} isRoot />
    </svg>
  );
}
