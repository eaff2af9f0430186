import type { ReportDocument, ReportEntry } from '@anor/core';
import classes from './report.module.css';

/**
 * The items of a report with keys by position: a report is drawn once and never reordered, and
 * its facts, notes and sections have no ids (a person may even stand twice, in pedigree collapse).
 */
function keyed<T>(items: readonly T[], prefix: string): { key: string; item: T }[] {
  return items.map((item, position) => ({ key: `${prefix}${position}`, item }));
}

/** One person (or the couple's events) of a report: number, name, facts with source numbers, notes. */
function Entry({ entry }: { entry: ReportEntry }) {
  return (
    <li className={classes.entry} data-testid="report-entry" data-number={entry.number ?? undefined}>
      <div className={classes.entryName}>
        {entry.number ? (
          <span className={classes.number} data-testid="report-number">
            {entry.number}
          </span>
        ) : null}
        <span className={entry.private ? classes.private : classes.name} data-testid="report-name">
          {entry.name}
        </span>
      </div>
      {entry.facts.length > 0 ? (
        <ul className={classes.facts}>
          {keyed(entry.facts, 'f').map(({ key, item: fact }) => (
            <li key={key}>
              {fact.label ? <span className={classes.factLabel}>{fact.label}: </span> : null}
              {fact.text}
              {fact.sources.length > 0 ? <sup className={classes.sourceRef}> {fact.sources.join(', ')}</sup> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {keyed(entry.notes, 'n').map(({ key, item: note }) => (
        <p key={key} className={classes.note}>
          {note}
        </p>
      ))}
    </li>
  );
}

/** A report drawn from the document the server laid out (the same the PDF is drawn from). */
export function ReportView({ report }: { report: ReportDocument }) {
  return (
    <article className={classes.report} lang={report.language} data-testid="report" data-kind={report.kind}>
      <header>
        <h1 className={classes.title} data-testid="report-title">
          {report.title}
        </h1>
        {report.subtitle ? <p className={classes.subtitle}>{report.subtitle}</p> : null}
        <p className={classes.printed}>{report.printed}</p>
      </header>
      {keyed(report.sections, 's').map(({ key, item: section }) => (
        <section key={key} className={classes.section} data-testid="report-section">
          <h2 className={classes.sectionHeading}>{section.heading}</h2>
          {section.entries.length === 0 && section.empty ? <p className={classes.empty}>{section.empty}</p> : null}
          <ul className={classes.entries}>
            {keyed(section.entries, 'e').map(({ key, item: entry }) => (
              <Entry key={key} entry={entry} />
            ))}
          </ul>
        </section>
      ))}
      {report.sources.length > 0 ? (
        <section className={classes.section} data-testid="report-sources">
          <h2 className={classes.sectionHeading}>{report.sourcesHeading}</h2>
          <ol className={classes.sources}>
            {report.sources.map((source) => (
              <li key={source.number} value={source.number}>
                {source.text}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </article>
  );
}
