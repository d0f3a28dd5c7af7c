import { ContactSchema, formNames, limits } from '../../forms/schemas';
import { ErrorSummary, HiddenFields, Status, TextArea, TextField, type ErrorMessages } from './fields';
import { useFormSubmission } from './useFormSubmission';

export type ContactStrings = {
  name: string;
  nameHint: string;
  email: string;
  title: string;
  message: string;
  submit: string;
  sending: string;
  required: string;
  success: string;
  /** "Sorry an error has occurred. Contact us at {email}", the address already filled in. */
  failure: string;
  rateLimited: string;
  errorSummary: string;
  honeypot: string;
  errors: ErrorMessages;
};

type Props = { strings: ContactStrings; endpoint: string; locale: string; returnTo: string };

const idOf = (field: string) => `contact-${field}`;

/** Contact form (spec §3, §5): name, email, title, message; ends in the success or the error message. */
export default function ContactForm({ strings, endpoint, locale, returnTo }: Props) {
  const { state, errors, errorText: error, failure, hydrated, handleSubmit, outcome } = useFormSubmission(ContactSchema, endpoint, strings);

  return (
    <div className="form-card">
      <Status ref={outcome} sent={state === 'sent'} success={strings.success} failure={failure} />
      {state !== 'sent' && (
        <form className="form" method="post" action={endpoint} encType="multipart/form-data" noValidate={hydrated} onSubmit={handleSubmit}>
          <HiddenFields formName={formNames.contact} locale={locale} returnTo={returnTo} honeypotLabel={strings.honeypot} idPrefix="contact" />
          <ErrorSummary heading={strings.errorSummary} errors={errors} messages={strings.errors} idOf={idOf} />
          <TextField id={idOf('name')} name="name" label={strings.name} hint={strings.nameHint} requiredText={strings.required} required minLength={3} maxLength={limits.name} autoComplete="name" error={error('name')} />
          <TextField id={idOf('email')} name="email" type="email" label={strings.email} requiredText={strings.required} required maxLength={limits.email} autoComplete="email" error={error('email')} />
          <TextField id={idOf('title')} name="title" label={strings.title} requiredText={strings.required} required maxLength={limits.title} error={error('title')} />
          <TextArea id={idOf('message')} name="message" label={strings.message} requiredText={strings.required} required maxLength={limits.message} error={error('message')} />
          <button className="button button--brand" type="submit" disabled={state === 'sending'}>
            {state === 'sending' ? strings.sending : strings.submit}
          </button>
        </form>
      )}
    </div>
  );
}
