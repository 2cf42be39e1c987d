import { Trans, useLingui } from '@lingui/react/macro';
import type { PaymentStep } from '@machines/payment/payment.types';
import { Link } from '@tanstack/react-router';
import { stepRoutes } from './payment-steps';

const shownSteps = ['amounts', 'confirmation', 'information', 'card'] as const satisfies readonly PaymentStep[];

/**
 * Where the payer is in the wizard: "Step 2 of 4", with the step names. Each name opens its step
 * by its address, as the browser's back and forward do: the wizard shows it when every earlier
 * step is done, else the first step that is not.
 */
export function WizardProgress({ step }: { step: (typeof shownSteps)[number] }) {
  const { t } = useLingui();
  const names: Record<(typeof shownSteps)[number], string> = {
    amounts: t`Amounts`,
    confirmation: t`Review`,
    information: t`Billing details`,
    card: t`Card`,
  };
  const position = shownSteps.indexOf(step) + 1;
  const total = shownSteps.length;
  return (
    <nav className="wizard-progress" aria-label={t`Payment steps`}>
      <p className="wizard-progress-count">
        <Trans>
          Step {position} of {total}
        </Trans>
      </p>
      <ol>
        {shownSteps.map((each, index) => (
          <li
            key={each}
            aria-current={each === step ? 'step' : undefined}
            className={index < position - 1 ? 'done' : undefined}
          >
            <Link to={stepRoutes[each]} params={(params) => params}>
              {names[each]}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
