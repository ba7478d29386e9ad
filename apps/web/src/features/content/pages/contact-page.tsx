import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { sendMessageBodySchema, type SendMessageBody } from '@tikiti/contract';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useTitle } from '../../../lib/use-title';
import { useSendMessage } from '../api/use-send-message';

const contacts = [
  { icon: MapPin, label: 'Address', value: 'Westlands Business Park, Waiyaki Way, Nairobi, Kenya' },
  { icon: Phone, label: 'Phone', value: '+254 700 000 000', href: 'tel:+254700000000' },
  { icon: Mail, label: 'Email', value: 'hello@tikiti.co.ke', href: 'mailto:hello@tikiti.co.ke' },
  { icon: Clock, label: 'Working hours', value: 'Mon-Fri 9am-6pm' },
];

type FormInput = z.input<typeof sendMessageBodySchema>;
const fields = ['name', 'email', 'message'] as const;

export default function ContactPage() {
  useTitle('Contact us');
  const send = useSendMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, SendMessageBody>({
    resolver: zodResolver(sendMessageBodySchema),
    defaultValues: { name: '', email: '', message: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await send.mutateAsync(body);
      reset();
    } catch (err) {
      // Server field errors land on their fields; what was typed stays.
      if (err instanceof ApiError) {
        for (const fe of err.fieldErrors) {
          const field = fields.find((f) => fe.path === f || fe.path.endsWith(`.${f}`));
          if (field) setError(field, { message: fe.message });
        }
      }
    }
  });

  const serverFailed = send.isError && !(send.error instanceof ApiError && send.error.fieldErrors.length > 0);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-16">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Talk to us</h1>
        <p className="mt-3 text-lg text-slate-600">
          Questions about a booking, hosting an event, or a partnership? Send us a message and our team in Nairobi will
          reply within one working day.
        </p>
      </div>

      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_1.4fr]">
        <ul className="space-y-4">
          {contacts.map(({ icon: Icon, label, value, href }) => (
            <li key={label} className="flex gap-4 rounded-2xl border border-slate-200 bg-surface p-5">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <div>
                <p className="text-sm font-medium text-slate-500">{label}</p>
                {href ? (
                  <a href={href} className="font-semibold text-ink hover:text-brand-700">
                    {value}
                  </a>
                ) : (
                  <p className="font-semibold text-ink">{value}</p>
                )}
              </div>
            </li>
          ))}
        </ul>

        <form
          onSubmit={onSubmit}
          noValidate
          className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          aria-labelledby="contact-form-heading"
        >
          <h2 id="contact-form-heading" className="text-xl font-bold">
            Send us a message
          </h2>
          {send.isSuccess && (
            <Alert type="success">Thank you, your message has been sent. We will get back to you by email soon.</Alert>
          )}
          {serverFailed && (
            <Alert type="danger">{errorMessage(send.error)} Your message is still here; try again.</Alert>
          )}
          <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextAreaField label="Message" rows={6} error={errors.message?.message} {...register('message')} />
          <Button type="submit" size="lg" busy={send.isPending} busyText="Sending..." className="w-full sm:w-auto">
            Send Message
          </Button>
        </form>
      </div>
    </div>
  );
}
