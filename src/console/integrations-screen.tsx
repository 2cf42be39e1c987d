import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { apiKeyScopes, type ApiKeyScope } from '@contracts/partner-api';
import { webhookEventTypes } from '@contracts/payments-out';
import { apiKeysMachine, chosenScopes } from '@machines/console/api-keys.machine';
import { apiKeyFields, type ApiKeyRow } from '@machines/console/api-keys.types';
import * as apiKeys from '@machines/console/api-keys.selectors';
import { chosenEventTypes, webhookEndpointsMachine } from '@machines/console/webhook-endpoints.machine';
import { endpointFields, type DeliveryLists, type DeliveryRow, type EndpointRow } from '@machines/console/webhook-endpoints.types';
import * as webhooks from '@machines/console/webhook-endpoints.selectors';
import { useSelector } from '@xstate/react';
import { Screen } from '@/components/screen';
import { TextField } from '@/components/text-field';
import { formatDateTime } from '@/lib/format';
import { useFormFields } from '@/lib/use-form-fields';
import { createApiKeysImplementations, createWebhookEndpointsImplementations } from './integrations.implementations';
import { useConsoleFailureMessage } from './office-messages';
import { ColumnHeaders } from '@/components/column-headers';
import { Choices } from '@/components/choices';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowButton } from '@/components/row-button';
import { ShownOnce } from '@/components/shown-once';
import { useScreenActor } from '@/lib/use-screen-actor';
import { useApiKeysEvents, useWebhookEndpointsEvents } from './integrations-events';

/** The words for a failure of an integrations call, shown where it happened. */
function useIntegrationsFailure(): (failure: 'notFound' | 'endpointDisabled' | 'forbidden' | 'expired' | 'network' | 'serverError', what: 'key' | 'webhook') => string {
  const { t } = useLingui();
  const consoleFailure = useConsoleFailureMessage();
  return (failure, what) => {
    switch (failure) {
      case 'notFound':
        return what === 'key'
          ? t`This key is revoked already, or no longer exists. Nothing changed.`
          : t`That endpoint or event no longer exists, or the endpoint is disabled. Nothing changed.`;
      case 'endpointDisabled':
        return t`This endpoint is disabled: it takes no events.`;
      case 'forbidden':
        return t`Only an office admin can manage API keys and webhooks.`;
      default:
        return consoleFailure(failure);
    }
  };
}

/** A scope's meaning, with its name. */
function useScopeName(): (scope: ApiKeyScope) => string {
  const { t } = useLingui();
  return (scope) => {
    switch (scope) {
      case 'bills:write':
        return t`Send statements (bills:write)`;
      case 'payments:read':
        return t`Read payments (payments:read)`;
      case 'refunds:write':
        return t`Make refunds (refunds:write)`;
      case 'webhooks:write':
        return t`Manage webhooks (webhooks:write)`;
    }
  };
}

/** An event type in words. */
function useEventName(): (type: string) => string {
  const { t } = useLingui();
  return (type) => {
    switch (type) {
      case 'payment.captured':
        return t`A payment is made`;
      case 'payment.refunded':
        return t`A payment is refunded`;
      case 'payment.voided':
        return t`A payment is voided`;
      case 'statement.imported':
        return t`A statement is imported`;
      case 'webhook.test':
        return t`Test event`;
      default:
        return type;
    }
  };
}

/** How a delivery went, in words: delivered or not, never what the endpoint answered. */
function useDeliveryOutcome(): (delivery: DeliveryRow | null | undefined) => string {
  const { t } = useLingui();
  return (delivery) => {
    if (!delivery) return t`No delivery yet.`;
    const attempts = String(delivery.attempts);
    if (delivery.status === 'delivered') return t`Delivered.`;
    if (delivery.status === 'failed') return t`Failed: not delivered (attempts: ${attempts}).`;
    if (delivery.attempts === 0) return t`On its way: not tried yet.`;
    return t`Not delivered yet (attempts: ${attempts}). It is tried again for up to 48 hours.`;
  };
}

function ApiKeys({ keys }: { keys: ApiKeyRow[] }) {
  const { t, i18n } = useLingui();
  const actor = useScreenActor(() => apiKeysMachine.provide(createApiKeysImplementations()), { input: { keys } });
  const scopeName = useScopeName();
  const failureMessage = useIntegrationsFailure();
  const { revoke, confirm, cancel, hideKey } = useApiKeysEvents(actor);
  const rows = useSelector(actor, apiKeys.selectKeys);
  const shownKey = useSelector(actor, apiKeys.selectShownKey);
  const notice = useSelector(actor, apiKeys.selectNotice);
  const failure = useSelector(actor, apiKeys.selectFailure);
  const confirming = useSelector(actor, apiKeys.selectConfirmingRevoke);
  const busy = useSelector(actor, apiKeys.selectIsBusy);
  const problems = useSelector(actor, apiKeys.selectKeyProblems);
  const form = useFormFields(actor, {
    fields: apiKeyFields,
    problems,
    message: (field, problem) => {
      if (field === 'scopes') return problem === 'required' ? t`Choose at least one scope.` : t`These scopes cannot be given. Choose among those listed.`;
      switch (problem) {
        case 'required':
          return t`Enter a name for the key, such as the system that will use it.`;
        case 'tooLong':
          return t`A key's name has at most 100 characters.`;
        case 'invalidCharacters':
          return t`The name holds characters that cannot be used, such as tabs or control characters. Type it again.`;
        case 'invalid':
          return t`This name cannot be used. Type another.`;
      }
    },
  });
  const scopes = form.field('scopes');
  const confirmingRow = rows.find((row) => row.prefix === confirming);
  const when = (at: string | null) => (at === null ? t`Never` : formatDateTime(at, i18n.locale));

  return (
    <section aria-labelledby="api-keys-heading">
      <h2 id="api-keys-heading">
        <Trans>API keys</Trans>
      </h2>
      <p>
        <Trans>The lab's own systems call the portal's API with a key: each key may do only what its scopes allow.</Trans>
      </p>
      {shownKey ? (
        <ShownOnce title={<Trans>The key {shownKey.name} is made. Here it is, in full:</Trans>} value={shownKey.key} onHide={hideKey} returnTo="api-keys-heading" />
      ) : null}
      {notice ? (
        <div className="notice notice-success" role="status">
          <p>
            <Trans>The key {notice.name} is revoked: its next call is refused.</Trans>
          </p>
        </div>
      ) : null}
      {failure ? (
        <p className="form-error" role="alert">
          {failureMessage(failure, 'key')}
        </p>
      ) : null}
      {confirmingRow ? (
        <ConfirmDialog
          question={
            <Trans>
              Revoke the key {confirmingRow.name} ({confirmingRow.prefix})? Its next call is refused, and this cannot be undone.
            </Trans>
          }
          yes={<Trans>Revoke</Trans>}
          no={<Trans>Cancel</Trans>}
          onYes={confirm}
          onNo={cancel}
        />
      ) : null}
      {rows.length === 0 ? (
        <p>
          <Trans>No API keys yet.</Trans>
        </p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={t`List of API keys`}>
          <table className="data-table">
            <ColumnHeaders names={[t`Name`, t`Prefix`, t`Scopes`, t`Made`, t`Last used`, t`Status`]} />
            <tbody>
              {rows.map((row) => (
                <tr key={row.prefix}>
                  <td>{row.name}</td>
                  <td>
                    <code>{row.prefix}</code>
                  </td>
                  <td>{row.scopes.join(', ')}</td>
                  <td>{when(row.createdAt)}</td>
                  <td>{when(row.lastUsedAt)}</td>
                  <td>
                    {row.revokedAt === null ? (
                      <RowButton busy={busy} onClick={() => revoke(row.prefix)}>
                        <Trans>Revoke {row.name}</Trans>
                      </RowButton>
                    ) : (
                      <Trans>Revoked {formatDateTime(row.revokedAt, i18n.locale)}</Trans>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3>
        <Trans>Create a key</Trans>
      </h3>
      <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy}>
        <TextField label={<Trans>Key name</Trans>} autoComplete="off" maxLength={200} {...form.field('name')} />
        <Choices
          legend={<Trans>Scopes</Trans>}
          options={apiKeyScopes}
          chosen={apiKeyScopes.filter((scope) => chosenScopes(scopes.value).includes(scope))}
          nameOf={scopeName}
          onChange={scopes.onChange}
          error={scopes.error}
          inputRef={scopes.inputRef}
        />
        <button type="submit" className="button" aria-disabled={busy} onMouseDown={(event) => event.preventDefault()}>
          {busy ? <Trans>Working…</Trans> : <Trans>Create the key</Trans>}
        </button>
      </form>
    </section>
  );
}

function Webhooks({ endpoints, deliveries }: { endpoints: EndpointRow[]; deliveries: DeliveryLists }) {
  const { t, i18n } = useLingui();
  const actor = useScreenActor(() => webhookEndpointsMachine.provide(createWebhookEndpointsImplementations()), { input: { endpoints, deliveries } });
  const eventName = useEventName();
  const outcomeOf = useDeliveryOutcome();
  const failureMessage = useIntegrationsFailure();
  const events = useWebhookEndpointsEvents(actor);
  const rows = useSelector(actor, webhooks.selectEndpoints);
  const lists = useSelector(actor, webhooks.selectDeliveries);
  const shownSecret = useSelector(actor, webhooks.selectShownSecret);
  const notice = useSelector(actor, webhooks.selectNotice);
  const failure = useSelector(actor, webhooks.selectFailure);
  const confirming = useSelector(actor, webhooks.selectConfirming);
  const busy = useSelector(actor, webhooks.selectIsBusy);
  const testing = useSelector(actor, webhooks.selectIsTesting);
  const form = useFormFields(actor, {
    fields: endpointFields,
    problems: useSelector(actor, webhooks.selectEndpointProblems),
    message: (field, problem) => {
      if (field === 'eventTypes') return t`These events cannot be chosen. Choose among those listed.`;
      if (problem === 'required') return t`Enter the address where events are sent.`;
      if (problem === 'notAllowed') return t`The portal may not send events to this address: use https to a host on the internet (not the portal's own machine or a private network), with no user or password in it.`;
      return t`Enter a web address starting with https://, such as https://billing.example.com/hooks.`;
    },
  });
  const eventTypes = form.field('eventTypes');
  const confirmingRow = rows.find((row) => row.id === confirming?.id);
  const urlOf = (id: number) => rows.find((row) => row.id === id)?.url ?? String(id);
  const lastDelivery = (id: number) => lists.recent.find((delivery) => delivery.endpointId === id);
  const eventsOf = (row: EndpointRow) => (row.eventTypes.length === 0 ? t`All events` : row.eventTypes.map(eventName).join(', '));

  return (
    <>
      <section aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">
          <Trans>Webhook endpoints</Trans>
        </h2>
        <p>
          <Trans>The portal tells the lab's systems what happens (payments, refunds, imports) by sending signed events to these addresses.</Trans>
        </p>
        {shownSecret ? (
          <ShownOnce
            title={
              shownSecret.rotated ? (
                <Trans>The new signing secret of {shownSecret.url} (the previous one signs too for 24 hours):</Trans>
              ) : (
                <Trans>{shownSecret.url} is added. Its signing secret:</Trans>
              )
            }
            value={shownSecret.secret}
            onHide={events.hideSecret}
            returnTo="webhooks-heading"
          />
        ) : null}
        {notice ? (
          <div className="notice notice-success" role="status">
            <p>
              {notice.kind === 'tested' ? (
                <Trans>
                  Test event sent to {notice.outcome.url}. {outcomeOf(notice.outcome.delivery)}
                </Trans>
              ) : notice.kind === 'disabled' ? (
                <Trans>{notice.url} is disabled: it gets no more events.</Trans>
              ) : notice.deliveries === 0 ? (
                <Trans>No live endpoint takes this event: nothing was sent.</Trans>
              ) : (
                <Plural value={notice.deliveries} one="The event is sent again to # endpoint." other="The event is sent again to # endpoints." />
              )}
            </p>
          </div>
        ) : null}
        {failure ? (
          <p className="form-error" role="alert">
            {failureMessage(failure, 'webhook')}
          </p>
        ) : null}
        {testing ? (
          <p role="status">
            <Trans>Sending a test event and waiting for the endpoint's answer…</Trans>
          </p>
        ) : null}
        {confirmingRow && confirming ? (
          <ConfirmDialog
            question={
              confirming.action === 'rotate' ? (
                <Trans>Give {confirmingRow.url} a new signing secret? The previous one signs too for 24 hours, then stops.</Trans>
              ) : (
                <Trans>Disable {confirmingRow.url}? Its waiting deliveries fail and new events skip it.</Trans>
              )
            }
            yes={confirming.action === 'rotate' ? <Trans>Rotate the secret</Trans> : <Trans>Disable</Trans>}
            no={<Trans>Cancel</Trans>}
            onYes={events.confirm}
            onNo={events.cancel}
          />
        ) : null}
        {rows.length === 0 ? (
          <p>
            <Trans>No webhook endpoints yet.</Trans>
          </p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t`List of webhook endpoints`}>
            <table className="data-table">
              <ColumnHeaders names={[t`Address`, t`Events`, t`Enabled`, t`Last delivery`, t`Actions`]} />
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{row.url}</td>
                    <td>{eventsOf(row)}</td>
                    <td>{row.disabledAt === null ? t`Yes` : t`No, since ${formatDateTime(row.disabledAt, i18n.locale)}`}</td>
                    <td>{outcomeOf(lastDelivery(row.id))}</td>
                    <td>
                      {row.disabledAt === null ? (
                        <div className="office-actions">
                          <RowButton busy={busy} onClick={() => events.test(row.id)}>
                            <Trans>
                              Send a test event
                              <span className="visually-hidden"> to {row.url}</span>
                            </Trans>
                          </RowButton>
                          <RowButton busy={busy} onClick={() => events.rotate(row.id)}>
                            <Trans>
                              Rotate the secret
                              <span className="visually-hidden"> of {row.url}</span>
                            </Trans>
                          </RowButton>
                          <RowButton busy={busy} onClick={() => events.disable(row.id)}>
                            <Trans>
                              Disable
                              <span className="visually-hidden"> {row.url}</span>
                            </Trans>
                          </RowButton>
                        </div>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h3>
          <Trans>Add an endpoint</Trans>
        </h3>
        <form className="form" method="post" noValidate onSubmit={form.onSubmit} aria-busy={busy}>
          <TextField label={<Trans>Address (https)</Trans>} type="url" autoComplete="off" maxLength={2000} {...form.field('url')} />
          <Choices
            legend={<Trans>Events to send</Trans>}
            hint={<Trans>None chosen: all of them.</Trans>}
            options={webhookEventTypes}
            chosen={webhookEventTypes.filter((type) => chosenEventTypes(eventTypes.value).includes(type))}
            nameOf={eventName}
            onChange={eventTypes.onChange}
            error={eventTypes.error}
            inputRef={eventTypes.inputRef}
          />
          <button type="submit" className="button" aria-disabled={busy} onMouseDown={(event) => event.preventDefault()}>
            {busy ? <Trans>Working…</Trans> : <Trans>Add the endpoint</Trans>}
          </button>
        </form>
      </section>
      <section aria-labelledby="failed-deliveries-heading">
        <h2 id="failed-deliveries-heading">
          <Trans>Failed deliveries</Trans>
        </h2>
        {lists.failed.length === 0 ? (
          <p>
            <Trans>No delivery has failed.</Trans>
          </p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t`List of failed deliveries`}>
            <table className="data-table">
              <ColumnHeaders names={[t`Event`, t`Endpoint`, t`What happened`, t`When`, t`Actions`]} />
              <tbody>
                {lists.failed.map((delivery) => (
                  <tr key={delivery.id}>
                    <td>{eventName(delivery.eventType)}</td>
                    <td>{urlOf(delivery.endpointId)}</td>
                    <td>{outcomeOf(delivery)}</td>
                    <td>{formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt, i18n.locale)}</td>
                    <td>
                      <RowButton busy={busy} onClick={() => events.replay(delivery.eventId)}>
                        <Trans>Replay {eventName(delivery.eventType)}</Trans>
                      </RowButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

/** The lab's integrations (office admins): API keys, webhook endpoints, failed deliveries. */
export function IntegrationsScreen({ keys, endpoints, deliveries }: { keys: ApiKeyRow[]; endpoints: EndpointRow[]; deliveries: DeliveryLists }) {
  return (
    <Screen title={<Trans>Integrations</Trans>}>
      <ApiKeys keys={keys} />
      <Webhooks endpoints={endpoints} deliveries={deliveries} />
    </Screen>
  );
}

/** What staff who are not office admins see at the Integrations address. */
export function IntegrationsAdminOnly() {
  return (
    <Screen title={<Trans>Integrations</Trans>}>
      <div className="notice" role="status">
        <p>
          <Trans>Only an office admin can manage the lab's API keys and webhooks. Ask an office admin if you need a key or an endpoint.</Trans>
        </p>
      </div>
    </Screen>
  );
}
