import { Trans, useLingui } from '@lingui/react/macro';
import { colourNames, type ColourName } from '@contracts/branding';
import { type ConsoleBranding } from '@contracts/console-branding';
import { brandColoursMachine, draftColours } from '@machines/console/brand-colours.machine';
import { colourFields } from '@machines/console/brand-colours.types';
import * as colours from '@machines/console/brand-colours.selectors';
import { brandLogoMachine } from '@machines/console/brand-logo.machine';
import { type LogoFailure } from '@machines/console/brand-logo.types';
import * as logos from '@machines/console/brand-logo.selectors';
import { clientSettingsMachine } from '@machines/console/client-settings.machine';
import { settingsFields } from '@machines/console/client-settings.types';
import * as clientSettings from '@machines/console/client-settings.selectors';
import { shownProblems } from '@machines/form/form.rules';
import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Screen } from '@/components/screen';
import { Field, TextField } from '@/components/text-field';
import { useColourFieldMessage, useContrastProblemMessage, useContrastRefusalMessage, useLogoRefusalMessage, useTooCloseMessage } from '@/lib/branding-messages';
import { useFormFields } from '@/lib/use-form-fields';
import { colourFieldProblems, draftContrastProblems, settingsProblems } from './branding-rules';
import { createBrandColoursImplementations, createBrandLogoImplementations, createClientSettingsImplementations } from './branding.implementations';
import { useConsoleFailureMessage } from './office-messages';
import { useScreenActor } from '@/lib/use-screen-actor';
import { useBrandColoursEvents, useBrandLogoEvents } from './branding-events';

/**
 * Sets `properties` on the element's style through the CSSOM: the page's CSP lets no style
 * attribute through in the server's HTML, but a script's own changes to an element's style pass.
 */
function useStyleProperties<E extends HTMLElement>(properties: Record<string, string>) {
  const ref = useRef<E>(null);
  const key = JSON.stringify(properties);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    for (const [name, value] of Object.entries(JSON.parse(key) as Record<string, string>)) element.style.setProperty(name, value);
  }, [key]);
  return ref;
}

/** A square of one colour beside its name (none while the colour is not one). */
function Swatch({ colour }: { colour: string | null }) {
  const ref = useStyleProperties<HTMLSpanElement>({ 'background-color': colour ?? 'transparent' });
  return <span className="brand-swatch" ref={ref} aria-hidden="true" />;
}

/** A colour's name on the page. */
function useColourLabel(): (name: ColourName) => string {
  const { t } = useLingui();
  return (name) => {
    switch (name) {
      case 'brand':
        return t`Brand colour (buttons, borders, the header's stripe)`;
      case 'brandStrong':
        return t`Strong colour (links, headings, a button under the pointer)`;
      case 'brandContrast':
        return t`Text on the brand colour (button text)`;
      case 'brandTint':
        return t`Tint (notices, table headings)`;
    }
  };
}

/** A small mock of the patients' pages in `colours`: the header with its stripe, a heading, a notice, a link and a button. */
function PatientPreview({ colours, clientName }: { colours: Record<ColourName, string>; clientName: string }) {
  const ref = useStyleProperties<HTMLElement>({
    '--preview-brand': colours.brand,
    '--preview-strong': colours.brandStrong,
    '--preview-contrast': colours.brandContrast,
    '--preview-tint': colours.brandTint,
  });
  return (
    <figure className="brand-preview" ref={ref} data-testid="brand-preview">
      <figcaption>
        <Trans>Preview of the patients' pages</Trans>
      </figcaption>
      <div className="brand-preview-page" aria-hidden="true">
        <div className="brand-preview-header">{clientName}</div>
        <p className="brand-preview-heading">
          <Trans>Your invoices</Trans>
        </p>
        <p className="brand-preview-notice">
          <Trans>You have 2 open invoices.</Trans>
        </p>
        <p>
          <span className="brand-preview-link">
            <Trans>See the paid invoices</Trans>
          </span>
        </p>
        <span className="brand-preview-button">
          <Trans>Pay now</Trans>
        </span>
      </div>
    </figure>
  );
}

type ColoursSnapshot = SnapshotFrom<typeof brandColoursMachine>;
const selectColourProblems = (snapshot: ColoursSnapshot) => shownProblems(snapshot.context, colourFields, colourFieldProblems(snapshot.context.draft));

/** The four colours, the live preview and the pairs too close (office admins change them). */
function ColoursSection({ branding, clientName, canEdit }: { branding: ConsoleBranding; clientName: string; canEdit: boolean }) {
  const { t } = useLingui();
  const actor = useScreenActor(() => brandColoursMachine.provide(createBrandColoursImplementations()), { input: { colours: branding.colours } });
  const label = useColourLabel();
  const colourMessage = useColourFieldMessage();
  const problemMessage = useContrastProblemMessage();
  const refusalMessage = useContrastRefusalMessage();
  const failureMessage = useConsoleFailureMessage();
  const { reset } = useBrandColoursEvents(actor);
  const draft = useSelector(actor, colours.selectDraft);
  const saved = useSelector(actor, colours.selectSaved);
  const serverContrast = useSelector(actor, colours.selectServerContrast);
  const refusals = useSelector(actor, colours.selectRefusals);
  const savedNotice = useSelector(actor, colours.selectSavedNotice);
  const failure = useSelector(actor, colours.selectFailure);
  const busy = useSelector(actor, colours.selectIsBusy);
  const tooCloseMessage = useTooCloseMessage();
  const previewed = draftColours(draft) ?? saved;
  const contrast = serverContrast.length > 0 ? serverContrast : draftContrastProblems(draft);
  // A save refused for a pair too close marks its colours, and the focus goes to the first.
  const form = useFormFields(actor, {
    fields: colourFields,
    problems: useSelector(actor, selectColourProblems),
    message: (name, problem) => (problem === 'invalid' ? colourMessage() : tooCloseMessage(contrast, name)),
  });

  return (
    <section aria-labelledby="branding-colours">
      <h2 id="branding-colours">
        <Trans>Colours</Trans>
      </h2>
      <PatientPreview colours={previewed} clientName={clientName} />
      <div className={contrast.length > 0 ? 'notice' : 'visually-hidden'} role="status" aria-live="polite">
        {contrast.length > 0 ? (
          <>
            <p className={refusals > 0 ? 'form-error' : undefined}>{refusalMessage()}</p>
            <ul className="contrast-problems">
              {contrast.map((problem) => (
                <li key={`${problem.foreground}/${problem.background}`}>{problemMessage(problem)}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {canEdit ? (
        <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy}>
          {savedNotice ? (
            <div className="notice notice-success" role="status">
              <p>
                <Trans>The colours are saved: the patients' pages wear them now.</Trans>
              </p>
            </div>
          ) : null}
          {failure ? (
            <p className="form-error" role="alert">
              {failureMessage(failure)}
            </p>
          ) : null}
          <div className="brand-colour-fields">
            {colourNames.map((name) => (
              <div className="brand-colour-field" key={name}>
                <Swatch colour={draftColours({ ...saved, [name]: draft[name] })?.[name] ?? null} />
                <TextField label={label(name)} autoComplete="off" spellCheck={false} maxLength={20} {...form.field(name)} />
              </div>
            ))}
          </div>
          <div className="office-actions">
            <button type="submit" className="button" aria-disabled={busy} onMouseDown={(event) => event.preventDefault()}>
              {busy ? <Trans>Saving…</Trans> : <Trans>Save the colours</Trans>}
            </button>
            <button type="button" className="button button-secondary" onClick={reset}>
              <Trans>Undo my changes</Trans>
            </button>
          </div>
        </form>
      ) : (
        <dl className="brand-colour-list">
          {colourNames.map((name) => (
            <div key={name}>
              <dt>{label(name)}</dt>
              <dd>
                <Swatch colour={saved[name]} /> {saved[name]}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {canEdit ? null : <p className="field-hint">{t`Only office admins change the colours.`}</p>}
    </section>
  );
}

/** The stored logo, and for office admins a file to upload and Remove. */
function LogoSection({ branding, clientName, canEdit }: { branding: ConsoleBranding; clientName: string; canEdit: boolean }) {
  const { t } = useLingui();
  const actor = useScreenActor(() => brandLogoMachine.provide(createBrandLogoImplementations()), { input: { logo: { url: branding.logoUrl } } });
  const refusalMessage = useLogoRefusalMessage();
  const failureMessage = useConsoleFailureMessage();
  const { choose, remove, confirm, cancel } = useBrandLogoEvents(actor);
  const logo = useSelector(actor, logos.selectLogo);
  const refusal = useSelector(actor, logos.selectRefusal);
  const failure = useSelector(actor, logos.selectFailure);
  const notice = useSelector(actor, logos.selectNotice);
  const confirming = useSelector(actor, logos.selectIsConfirmingRemoval);
  const uploading = useSelector(actor, logos.selectIsUploading);
  const busy = useSelector(actor, logos.selectIsBusy);
  const failed = (failure: LogoFailure) => failureMessage(failure);
  // The outcome takes the focus when what had it went away (the Remove that asked): else it is read out where it is.
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (document.activeElement !== document.body) return;
    (noticeRef.current ?? problemRef.current)?.focus();
  }, [notice, refusal, failure]);

  return (
    <section aria-labelledby="branding-logo">
      <h2 id="branding-logo">
        <Trans>Logo</Trans>
      </h2>
      {logo.url ? (
        <p className="brand-logo-frame">
          <img src={logo.url} alt={t`${clientName}'s logo, as the patients' pages show it`} height={48} />
        </p>
      ) : (
        <p>
          <Trans>No logo: the patients' pages show the lab's name.</Trans>
        </p>
      )}
      <div role="status" aria-live="polite">
        {notice === 'uploaded' ? (
          <p className="notice notice-success" tabIndex={-1} ref={noticeRef}>
            <Trans>The logo is saved: the patients' pages show it now.</Trans>
          </p>
        ) : notice === 'removed' ? (
          <p className="notice notice-success" tabIndex={-1} ref={noticeRef}>
            <Trans>The logo is removed: the patients' pages show the lab's name.</Trans>
          </p>
        ) : uploading ? (
          <p>
            <Trans>Uploading the logo…</Trans>
          </p>
        ) : null}
      </div>
      {refusal || failure ? (
        <p className="form-error" role="alert" id="logo-problem" tabIndex={-1} ref={problemRef}>
          {refusal ? refusalMessage(refusal) : failure ? failed(failure) : null}
        </p>
      ) : null}
      {canEdit ? (
        <>
          <Field label={<Trans>Choose a new logo (PNG or SVG, at most 1 MB and 2000 pixels wide or high)</Trans>}>
            {(control) => (
              <input
                {...control}
                type="file"
                name="logo"
                accept="image/png,image/svg+xml,.png,.svg"
                // Not disabled while busy: that would take the focus away (the machine ignores a choice meanwhile).
                aria-disabled={busy}
                aria-describedby={refusal || failure ? 'logo-problem' : control['aria-describedby']}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) choose({ name: file.name, size: file.size, type: file.type, file });
                  event.target.value = '';
                }}
              />
            )}
          </Field>
          {logo.url && !confirming ? (
            <button type="button" className="button button-secondary" aria-disabled={busy} onClick={remove}>
              <Trans>Remove the logo</Trans>
            </button>
          ) : null}
          {confirming ? (
            <ConfirmDialog
              question={<Trans>Remove the logo? The patients' pages show the lab's name instead.</Trans>}
              yes={<Trans>Remove</Trans>}
              no={<Trans>Keep the logo</Trans>}
              onYes={confirm}
              onNo={cancel}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

type SettingsSnapshot = SnapshotFrom<typeof clientSettingsMachine>;
const selectSettingsProblems = (snapshot: SettingsSnapshot) => shownProblems(snapshot.context, settingsFields, settingsProblems(snapshot.context.draft));

/** Online payments, the external card page, the posting cut-off and time zone, the password lifetime. */
function SettingsSection({ branding, canEdit }: { branding: ConsoleBranding; canEdit: boolean }) {
  const { t } = useLingui();
  const actor = useScreenActor(() => clientSettingsMachine.provide(createClientSettingsImplementations()), { input: { settings: branding.settings } });
  const failureMessage = useConsoleFailureMessage();
  const savedNotice = useSelector(actor, clientSettings.selectSavedNotice);
  const failure = useSelector(actor, clientSettings.selectFailure);
  const busy = useSelector(actor, clientSettings.selectIsBusy);
  const form = useFormFields(actor, {
    fields: settingsFields,
    problems: useSelector(actor, selectSettingsProblems),
    message: (field) => {
      switch (field) {
        case 'externalCardLink':
          return t`Enter the card page's address starting with https://, or leave it empty.`;
        case 'postingCutoff':
          return t`Enter the time as HH:MM on a 24-hour clock, such as 21:30.`;
        case 'timeZone':
          return t`Enter a time zone by its name, such as America/Chicago.`;
        case 'passwordLifetimeDays':
          return t`Enter a number of days from 1 to 3650, or leave it empty for passwords that never expire.`;
        default:
          return t`Choose yes or no.`;
      }
    },
  });
  const online = form.field('acceptsOnlinePayments');
  const { settings } = branding;

  return (
    <section aria-labelledby="branding-settings">
      <h2 id="branding-settings">
        <Trans>Payments and sign-in settings</Trans>
      </h2>
      {canEdit ? (
        <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy}>
          {savedNotice ? (
            <div className="notice notice-success" role="status">
              <p>
                <Trans>The settings are saved.</Trans>
              </p>
            </div>
          ) : null}
          {failure ? (
            <p className="form-error" role="alert">
              {failureMessage(failure)}
            </p>
          ) : null}
          <Field label={<Trans>Patients pay online in the portal</Trans>}>
            {(control) => (
              <select {...control} name="acceptsOnlinePayments" value={online.value} onChange={(event) => online.onChange(event.target.value)}>
                <option value="yes">{t`Yes`}</option>
                <option value="no">{t`No`}</option>
              </select>
            )}
          </Field>
          <TextField label={<Trans>External card payment page (optional)</Trans>} type="url" autoComplete="off" maxLength={2000} {...form.field('externalCardLink')} />
          <TextField label={<Trans>Posting cut-off (HH:MM)</Trans>} hint={<Trans>Money taken later posts on the next business day.</Trans>} autoComplete="off" maxLength={5} {...form.field('postingCutoff')} />
          <TextField label={<Trans>Time zone</Trans>} autoComplete="off" spellCheck={false} maxLength={64} {...form.field('timeZone')} />
          <TextField
            label={<Trans>Password lifetime in days (optional)</Trans>}
            hint={<Trans>Empty: patients' passwords never expire.</Trans>}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            {...form.field('passwordLifetimeDays')}
          />
          <button type="submit" className="button" aria-disabled={busy} onMouseDown={(event) => event.preventDefault()}>
            {busy ? <Trans>Saving…</Trans> : <Trans>Save the settings</Trans>}
          </button>
        </form>
      ) : (
        <dl className="brand-colour-list">
          <div>
            <dt>
              <Trans>Patients pay online in the portal</Trans>
            </dt>
            <dd>{settings.acceptsOnlinePayments ? t`Yes` : t`No`}</dd>
          </div>
          <div>
            <dt>
              <Trans>External card payment page (optional)</Trans>
            </dt>
            <dd>{settings.externalCardLink || t`None`}</dd>
          </div>
          <div>
            <dt>
              <Trans>Posting cut-off (HH:MM)</Trans>
            </dt>
            <dd>
              {settings.postingCutoff} ({settings.timeZone})
            </dd>
          </div>
          <div>
            <dt>
              <Trans>Password lifetime in days (optional)</Trans>
            </dt>
            <dd>{settings.passwordLifetimeDays === null ? t`Never expire` : String(settings.passwordLifetimeDays)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** The lab's look on the patients' pages and its settings: office admins change them, other staff look. */
export function BrandingScreen({ branding, canEdit, clientName }: { branding: ConsoleBranding; canEdit: boolean; clientName: string }) {
  return (
    <Screen title={<Trans>Branding</Trans>}>
      {canEdit ? null : (
        <p className="notice">
          <Trans>You can look at the lab's branding and settings; only office admins change them.</Trans>
        </p>
      )}
      <LogoSection branding={branding} clientName={clientName} canEdit={canEdit} />
      <ColoursSection branding={branding} clientName={clientName} canEdit={canEdit} />
      <SettingsSection branding={branding} canEdit={canEdit} />
    </Screen>
  );
}
