import {
  ASSISTANT_LIMITS,
  assistantSettingsInputSchema,
  type AssistantConnectionTest,
  type AssistantSettings,
  type AssistantSettingsInput,
} from '@crewdesk/domain';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageLoading } from '@/components/ui/page-loading';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-client';
import {
  useAssistantSettings,
  useSaveAssistantSettings,
  useTestAssistantConnection,
} from '../api/assistant-settings-api';

const EXAMPLES = [
  ['Ollama', 'http://localhost:11434/v1'],
  ['llama.cpp server', 'http://localhost:8080/v1'],
  ['vLLM', 'http://localhost:8000/v1'],
  ['OpenAI', 'https://api.openai.com/v1'],
] as const;

type Field = 'baseUrl' | 'model' | 'apiKey' | 'dailyTokenBudget';

/** Settings > Integrations > AI model (admins): the endpoint the assistant answers with. */
export function AssistantModelCard() {
  const settings = useAssistantSettings();
  return (
    <Card className="p-4 sm:p-6">
      <h3 className="text-base font-semibold">AI model</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        The AI assistant answers with a model you choose, on any OpenAI-compatible endpoint: one you
        run yourself or a hosted API. It acts with each person’s own rights and drafts only what
        they confirm.
      </p>
      <div className="mt-4">
        {settings.isPending ? (
          <PageLoading />
        ) : settings.isError ? (
          <LoadErrorAlert
            title="Could not load the AI model settings"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <ModelForm settings={settings.data} />
        )}
      </div>
    </Card>
  );
}

function ModelForm({ settings }: { settings: AssistantSettings }) {
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? '');
  const [model, setModel] = useState(settings.model ?? '');
  // The stored key never comes to the browser: the field starts empty, and empty keeps it.
  const [apiKey, setApiKey] = useState('');
  const [budget, setBudget] = useState(String(settings.dailyTokenBudget));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [testResult, setTestResult] = useState<AssistantConnectionTest | null>(null);
  const save = useSaveAssistantSettings();
  const test = useTestAssistantConnection();

  function submit(key: string | undefined, done: string) {
    const input: AssistantSettingsInput = {
      baseUrl,
      model,
      dailyTokenBudget: budget.trim() === '' ? Number.NaN : Number(budget),
      ...(key === undefined ? {} : { apiKey: key }),
    };
    const parsed = assistantSettingsInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFormError(null);
    setTestResult(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        setApiKey('');
        toast.success(done);
      },
      onError: (err) => setFormError(errorMessage(err, 'Could not save the AI model settings.')),
    });
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(apiKey === '' ? undefined : apiKey, 'AI model saved');
  };

  return (
    <form aria-label="AI model" className="space-y-4" onSubmit={onSubmit} noValidate>
      <FormField
        label="Base URL"
        error={errors.baseUrl}
        hint={
          <>
            The address the OpenAI-compatible API answers at, such as{' '}
            {EXAMPLES.map(([name, url], i) => (
              <span key={name}>
                {i > 0 ? (i === EXAMPLES.length - 1 ? ' or ' : ', ') : null}
                {name} <code>{url}</code>
              </span>
            ))}
            .
          </>
        }
      >
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="http://localhost:11434/v1"
          value={baseUrl}
          maxLength={ASSISTANT_LIMITS.baseUrl}
          onChange={(e) => setBaseUrl(e.target.value)}
        />
      </FormField>
      <FormField
        label="Model"
        error={errors.model}
        hint="The model’s name at that endpoint, such as llama3.1 or gpt-4o-mini. It must support tool calls."
      >
        <Input
          autoComplete="off"
          value={model}
          maxLength={ASSISTANT_LIMITS.model}
          onChange={(e) => setModel(e.target.value)}
        />
      </FormField>
      <FormField
        label="API key"
        optional
        error={errors.apiKey}
        hint={
          settings.apiKeySet
            ? 'A key is stored, encrypted; it is never shown. Type a new one to replace it.'
            : 'Only if the endpoint asks for one. It is stored encrypted and never shown again.'
        }
      >
        <Input
          type="password"
          autoComplete="new-password"
          placeholder={settings.apiKeySet ? 'Stored — leave empty to keep' : ''}
          value={apiKey}
          maxLength={ASSISTANT_LIMITS.apiKey}
          onChange={(e) => setApiKey(e.target.value)}
        />
      </FormField>
      <FormField
        label="Daily token budget"
        error={errors.dailyTokenBudget}
        hint={`Tokens the whole business may use per day; the chat stops for the day once they are spent. Used today: ${settings.tokensUsedToday.toLocaleString()} of ${settings.dailyTokenBudget.toLocaleString()}.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={ASSISTANT_LIMITS.dailyTokenBudget.min}
          max={ASSISTANT_LIMITS.dailyTokenBudget.max}
          step={1000}
          value={budget}
          onChange={(e) => setBudget(e.target.value)}
        />
      </FormField>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {testResult ? (
        <Alert tone={testResult.ok ? 'success' : 'error'}>{testResult.message}</Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={save.isPending} pendingLabel="Saving...">
          Save
        </SubmitButton>
        <Button
          variant="outline"
          disabled={test.isPending || !settings.configured}
          title={settings.configured ? undefined : 'Save a model first'}
          onClick={() => {
            setTestResult(null);
            test.mutate(undefined, {
              onSuccess: setTestResult,
              onError: (err) =>
                setTestResult({
                  ok: false,
                  answered: false,
                  toolCall: false,
                  message: errorMessage(err, 'Could not test the connection.'),
                }),
            });
          }}
        >
          {test.isPending ? 'Testing...' : 'Test connection'}
        </Button>
        {settings.apiKeySet ? (
          <Button
            variant="outline"
            disabled={save.isPending}
            onClick={() => submit('', 'API key removed')}
          >
            Remove key
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">
        Test connection tries the saved settings: save your changes first.
      </p>
    </form>
  );
}
