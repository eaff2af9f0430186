/** Where the views of the family tree lead when a person is chosen. */
export interface PersonLinks {
  /** The person page, for the link itself (new tab, copying). */
  personHref: (personId: string) => string;
  /** The chart re-centred on the person, keeping the tab and settings. */
  chartHref: (personId: string) => string;
  /** A plain click: the person dialog. */
  onOpen: (personId: string) => void;
}
