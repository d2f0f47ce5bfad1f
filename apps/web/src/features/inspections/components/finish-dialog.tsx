import { useState, type FormEvent } from 'react';
import { INSPECTION_MESSAGES, type InspectionDetail } from '@crewdesk/domain';
import { Alert } from '@/components/ui/alert';
import { DialogSubmitFooter, FormDialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFinishInspection } from '@/entities/inspection/api/inspection-api';
import { errorMessage } from '@/lib/api-client';
import { SignaturePad } from './signature-pad';

/** The inspector signs: a typed name (required) and a drawn signature (optional). */
export function FinishDialog({
  open,
  onOpenChange,
  inspectionId,
  defaultName,
  onFinished,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inspectionId: string;
  defaultName: string;
  onFinished: (detail: InspectionDetail) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Sign and finish"
      description="Once finished, the answers and the signature can no longer change."
    >
      {(close) => (
        <FinishForm
          inspectionId={inspectionId}
          defaultName={defaultName}
          onFinished={(detail) => {
            close();
            onFinished(detail);
          }}
        />
      )}
    </FormDialog>
  );
}

function FinishForm({
  inspectionId,
  defaultName,
  onFinished,
}: {
  inspectionId: string;
  defaultName: string;
  onFinished: (detail: InspectionDetail) => void;
}) {
  const finish = useFinishInspection(inspectionId);
  const [name, setName] = useState(defaultName);
  const [image, setImage] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim().length < 2) {
      setNameError(INSPECTION_MESSAGES.signatureNameRequired);
      return;
    }
    setNameError(undefined);
    finish.mutate({ signatureName: name.trim(), signatureImage: image }, { onSuccess: onFinished });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Inspector’s full name" error={nameError}>
        <Input
          value={name}
          autoComplete="name"
          className="h-12 text-base"
          onChange={(e) => setName(e.target.value)}
        />
      </FormField>
      <div className="space-y-1.5">
        <p className="text-sm font-medium">
          Signature <span className="font-normal text-muted-foreground">(optional)</span>
        </p>
        <SignaturePad onChange={setImage} />
      </div>
      {finish.isError ? (
        <Alert tone="error">{errorMessage(finish.error, 'Could not finish the inspection.')}</Alert>
      ) : null}
      <DialogSubmitFooter
        pending={finish.isPending}
        label="Sign and finish"
        pendingLabel="Finishing..."
      />
    </form>
  );
}
