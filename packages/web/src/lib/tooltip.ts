// A module of its own, so that LazyTooltip's dynamic import asks for the Tooltip only: a dynamic
// import of '@mantine/core' itself would bring all of Mantine into the first page.
export { Tooltip } from '@mantine/core';
