import type { RelationshipPath, RelationshipPerson } from '@anor/core';
import { Box, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLifeYears } from '../../lib/person-label/person-label.ts';
import { personHref } from '../person/paths.ts';
import { usePersonName } from '../person/person-name.ts';
import { layoutPath } from './chart-layout.ts';

const boxWidth = 176;
const boxHeight = 60;
const gapX = 36;
const gapY = 30;

/**
 * One path drawn small: each person a box (a link to their page) where `layoutPath` puts them,
 * joined by lines; the common ancestor's box names the partner beside them (full blood). A
 * visitor sees a living person as "Private".
 */
export function RelationshipChart({
  treeId,
  path,
  persons,
}: {
  treeId: string;
  path: RelationshipPath;
  persons: Map<string, RelationshipPerson>;
}) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const { boxes, cols, rows } = layoutPath(path);
  const width = cols * boxWidth + (cols - 1) * gapX;
  const height = rows * boxHeight + (rows - 1) * gapY;
  const x = (col: number) => col * (boxWidth + gapX);
  const y = (row: number) => row * (boxHeight + gapY);
  const topIndex = path.steps.indexOf('child');
  const partner = path.topPartnerId ? persons.get(path.topPartnerId) : undefined;

  return (
    <Box style={{ overflowX: 'auto' }} data-testid="relationship-chart">
      <Box pos="relative" w={width} h={height} style={{ minWidth: width }}>
        <svg width={width} height={height} aria-hidden style={{ position: 'absolute', inset: 0 }}>
          {boxes.slice(1).map((box, index) => {
            const from = boxes[index] ?? box;
            const isSide = from.row === box.row;
            const x1 = x(from.col) + (isSide ? boxWidth : boxWidth / 2);
            const y1 = y(from.row) + (isSide ? boxHeight / 2 : from.row < box.row ? boxHeight : 0);
            const x2 = x(box.col) + (isSide ? 0 : boxWidth / 2);
            const y2 = y(box.row) + (isSide ? boxHeight / 2 : from.row < box.row ? 0 : boxHeight);
            return (
              <line
                key={`${from.id}-${box.id}`}
                x1={x1}
                y1={y1}
                x2={x2}
                y2={y2}
                stroke="var(--mantine-color-gray-5)"
                strokeWidth={2}
              />
            );
          })}
        </svg>
        {boxes.map((box, index) => {
          const person = persons.get(box.id);
          const years = person ? formatLifeYears(t, person.born, person.died) : null;
          const isEnd = index === 0 || index === boxes.length - 1;
          return (
            <Paper
              key={box.id}
              component={Link}
              to={personHref(treeId, box.id)}
              withBorder
              radius="md"
              px="xs"
              py={4}
              pos="absolute"
              left={x(box.col)}
              top={y(box.row)}
              w={boxWidth}
              h={boxHeight}
              bg={isEnd ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ textDecoration: 'none', color: 'inherit', overflow: 'hidden' }}
              data-testid="relationship-box"
              data-person-id={box.id}
            >
              <Text size="sm" fw={600} truncate>
                {person ? personName(person) : t('person.unknownName')}
              </Text>
              {index === topIndex && partner ? (
                <Text size="xs" c="dimmed" truncate data-testid="relationship-top-partner">
                  {t('relationship.andPartner', { name: personName(partner) })}
                </Text>
              ) : years ? (
                <Text size="xs" c="dimmed" truncate>
                  {years}
                </Text>
              ) : null}
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
