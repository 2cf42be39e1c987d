import { Trans, useLingui } from '@lingui/react/macro';
import type { ImportReport } from '@contracts/partner-api';
import { importListMachine } from '@machines/console/import-list.machine';
import type { ImportSummary } from '@machines/console/import-list.types';
import { selectHasFailed, selectImports, selectShownReport } from '@machines/console/import-list.selectors';
import { statementUploadMachine } from '@machines/console/statement-upload.machine';
import { type StatementUploadProblem } from '@machines/console/statement-upload.types';
import { selectChosen, selectIsFinished, selectIsUploading, selectProblem, selectSent, selectTotal } from '@machines/console/statement-upload.selectors';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { Screen } from '@/components/screen';
import { Field } from '@/components/text-field';
import { formatDateTime } from '@/lib/format';
import { createImportListImplementations, createStatementUploadImplementations } from './imports.implementations';
import { importProblemsCsvUrl } from './office-api';
import { useConsoleFailureMessage } from './office-messages';
import { ColumnHeaders } from '@/components/column-headers';
import { useScreenActor } from '@/lib/use-screen-actor';
import { useImportProblemWords } from './import-words';
import { useImportListEvents, useStatementUploadEvents } from './imports-events';

function useStatusName(): (status: ImportSummary['status']) => string {
  const { t } = useLingui();
  return (status) => (status === 'running' ? t`Running` : status === 'imported' ? t`Imported` : t`Refused`);
}

/** The server's reason for a refusal, in English: marked so, for the screen reader to say it as such. */
function ServerReason({ reason }: { reason: string }) {
  return (
    <span lang="en" className="field-hint">
      {' '}
      {reason}
    </span>
  );
}

/**
 * An import's report: its outcome, its counts, and its first refused rows with the link to all of
 * them. Shown after an upload or on a "Show the report", it takes the focus: its heading is what
 * comes next, and is read out.
 */
function ImportReportView({ report }: { report: ImportReport }) {
  const { t, i18n } = useLingui();
  const statusName = useStatusName();
  const problemWords = useImportProblemWords();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [report]);
  const { accounts, invoices } = report;
  const fileProblem = report.problems[0];
  return (
    <section className="import-report" aria-labelledby={`import-report-${String(report.id)}`}>
      <h3 id={`import-report-${String(report.id)}`} tabIndex={-1} ref={heading}>
        <Trans>
          Report of {report.fileName || `#${String(report.id)}`}: {statusName(report.status)}
        </Trans>
      </h3>
      {report.message ? (
        <p className="form-error">
          <Trans>The file was refused whole, and nothing changed.</Trans> {fileProblem ? problemWords(fileProblem.code) : null}
          <ServerReason reason={report.message} />
        </p>
      ) : null}
      <ul>
        <li>
          <Trans>
            Rows read: {i18n.number(report.rowsRead)}; rows refused: {i18n.number(report.rowsRefused)}
          </Trans>
        </li>
        <li>
          <Trans>
            Accounts: {i18n.number(accounts.created)} new, {i18n.number(accounts.updated)} updated, {i18n.number(accounts.unchanged)} unchanged
          </Trans>
        </li>
        <li>
          <Trans>
            Invoices: {i18n.number(invoices.created)} new, {i18n.number(invoices.updated)} updated, {i18n.number(invoices.unchanged)} unchanged, {i18n.number(invoices.closed)} closed
          </Trans>
        </li>
      </ul>
      {report.problems.length > 0 ? (
        <>
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Refused rows`}>
            <table className="data-table">
              <ColumnHeaders names={[t`Line`, t`Column`, t`Why it was refused`]} />
              <tbody>
                {report.problems.slice(0, 20).map((problem, index) => (
                  <tr key={`${String(problem.line)}-${problem.column}-${String(index)}`}>
                    <td>{problem.line ?? problem.location}</td>
                    <td>{problem.column}</td>
                    <td>
                      {problemWords(problem.code)}
                      <ServerReason reason={problem.reason} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <a href={importProblemsCsvUrl(report.id)} download>
              <Trans>Download every refused row ({i18n.number(report.problemCount)}) as CSV</Trans>
            </a>
          </p>
        </>
      ) : null}
      <p className="field-hint">{formatDateTime(report.startedAt, i18n.locale)}</p>
    </section>
  );
}

/** The upload (billing staff and office admins): a file to choose, its progress, then its report. */
function UploadSection({ onFinished }: { onFinished: () => void }) {
  const { t, i18n } = useLingui();
  const failureMessage = useConsoleFailureMessage();
  const [report, setReport] = useState<ImportReport | null>(null);
  const actor = useScreenActor(() => statementUploadMachine.provide(createStatementUploadImplementations({ onReport: setReport })));
  const { choose } = useStatementUploadEvents(actor);
  const uploading = useSelector(actor, selectIsUploading);
  const finished = useSelector(actor, selectIsFinished);
  const chosen = useSelector(actor, selectChosen);
  const sent = useSelector(actor, selectSent);
  const total = useSelector(actor, selectTotal);
  const problem = useSelector(actor, selectProblem);
  useEffect(() => {
    if (finished) onFinished();
  }, [finished, onFinished]);
  const problemMessage = (code: StatementUploadProblem) => {
    switch (code) {
      case 'notCsv':
        return t`This is not a CSV statement file. Choose the .csv file your billing system writes.`;
      case 'tooLarge':
        return t`This file is larger than 64 MB. Split it, or send it through the billing office's API.`;
      case 'forbidden':
        return t`Your role does not import statements. Ask an office admin.`;
      case 'expired':
        return failureMessage('expired');
      case 'network':
        return failureMessage('network');
      case 'serverError':
        return failureMessage('serverError');
    }
  };
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;

  return (
    <section aria-labelledby="imports-upload">
      <h2 id="imports-upload">
        <Trans>Upload a statement file</Trans>
      </h2>
      <Field label={<Trans>Statement file (CSV, at most 64 MB)</Trans>}>
        {(control) => (
          <input
            {...control}
            type="file"
            name="statement"
            accept=".csv,text/csv"
            disabled={uploading}
            aria-describedby={problem ? 'upload-problem' : control['aria-describedby']}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) choose({ name: file.name, size: file.size, file });
              event.target.value = '';
            }}
          />
        )}
      </Field>
      <div role="status" aria-live="polite">
        {finished && report ? (
          <p>
            {report.status === 'refused' ? (
              <Trans>{report.fileName} was refused whole; nothing changed.</Trans>
            ) : (
              <Trans>
                {report.fileName} is imported. Rows read: {i18n.number(report.rowsRead)}; rows refused: {i18n.number(report.rowsRefused)}.
              </Trans>
            )}
          </p>
        ) : null}
        {uploading && chosen ? (
          <>
            <p>
              {sent < total ? (
                <Trans>
                  Sending {chosen.name}: {i18n.number(percent)}%
                </Trans>
              ) : (
                <Trans>{chosen.name} is sent; importing it…</Trans>
              )}
            </p>
            <progress max={100} value={percent} aria-label={t`Upload progress`} />
          </>
        ) : null}
      </div>
      {problem ? (
        <p className="form-error" role="alert" id="upload-problem">
          {problemMessage(problem)}
        </p>
      ) : null}
      {finished && report ? <ImportReportView report={report} /> : null}
    </section>
  );
}

/** The lab's statement imports: an upload for those who may, and the last 50 with their reports. */
export function ImportsScreen({ imports, canUpload }: { imports: ImportSummary[]; canUpload: boolean }) {
  const { t, i18n } = useLingui();
  const statusName = useStatusName();
  // While an import runs (this one's or another's), the machine asks for its rows read again.
  const actor = useScreenActor(() => importListMachine.provide(createImportListImplementations()), { input: { imports } });
  const { refresh, showReport } = useImportListEvents(actor);
  const rows = useSelector(actor, selectImports);
  const shown = useSelector(actor, selectShownReport);
  const failed = useSelector(actor, selectHasFailed);

  return (
    <Screen title={<Trans>Imports</Trans>}>
      {canUpload ? <UploadSection onFinished={refresh} /> : null}
      <h2>
        <Trans>The last 50 imports</Trans>
      </h2>
      {failed ? (
        <p className="form-error" role="alert">
          <Trans>We could not load the imports. Check your connection, then reload the page.</Trans>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p>
          <Trans>No statement has been imported yet.</Trans>
        </p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t`The last 50 imports`}>
          <table className="data-table">
            <ColumnHeaders names={[t`Started`, t`File`, t`Status`, t`Rows read`, t`Rows refused`, t`Report`]} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{formatDateTime(row.startedAt, i18n.locale)}</td>
                  <td>{row.fileName || `#${String(row.id)}`}</td>
                  <td>{statusName(row.status)}</td>
                  <td>{i18n.number(row.rowsRead)}</td>
                  <td>{i18n.number(row.rowsRefused)}</td>
                  <td>
                    <div className="office-actions">
                      <button type="button" className="button button-secondary" onClick={() => showReport(row.id)}>
                        <Trans>Show the report of {row.fileName || `#${String(row.id)}`}</Trans>
                      </button>
                      {row.problemCount > 0 ? (
                        <a href={importProblemsCsvUrl(row.id)} download>
                          <Trans>Refused rows of {row.fileName || `#${String(row.id)}`} (CSV)</Trans>
                        </a>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {shown ? <ImportReportView report={shown} /> : null}
    </Screen>
  );
}
