import {
  INSPECTION_ITEM_KINDS,
  inspectionTemplateInputSchema,
  isScoredKind,
  type InspectionItemKind,
  type InspectionTemplate,
  type InspectionTemplateInput,
} from '@crewdesk/domain';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { fieldClassName, Input, Label, Textarea } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import {
  useCreateInspectionTemplate,
  useEditInspectionTemplate,
} from '@/entities/inspection/api/inspection-api';
import { ITEM_KIND_LABELS } from '@/entities/inspection/model/inspection-text';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { amountText, moneySymbol, toMinor } from '@/lib/money';

interface DraftItem {
  key: string;
  label: string;
  kind: InspectionItemKind;
  required: boolean;
  photoRequiredWhenFailed: boolean;
  weight: string;
  failingAnswer: 'yes' | 'no';
  unit: string;
  remedyDescription: string;
  /** Dollars as typed ("85.50"). */
  remedyPrice: string;
}

interface DraftSection {
  key: string;
  title: string;
  items: DraftItem[];
}

interface Draft {
  name: string;
  description: string;
  passMarkPercent: string;
  sections: DraftSection[];
}

/** Keys stay with an item across versions (answers are stored by them); new ones are made here. */
function newKey(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
}

function newItem(): DraftItem {
  return {
    key: newKey('item'),
    label: '',
    kind: 'pass_fail_na',
    required: false,
    photoRequiredWhenFailed: false,
    weight: '1',
    failingAnswer: 'no',
    unit: '',
    remedyDescription: '',
    remedyPrice: '',
  };
}

function newSection(): DraftSection {
  return { key: newKey('section'), title: '', items: [newItem()] };
}

function draftOf(template: InspectionTemplate | null): Draft {
  if (!template)
    return { name: '', description: '', passMarkPercent: '80', sections: [newSection()] };
  return {
    name: template.name,
    description: template.description,
    passMarkPercent: String(template.passMarkPercent),
    sections: template.sections.map((section) => ({
      key: section.key,
      title: section.title,
      items: section.items.map((item) => ({
        key: item.key,
        label: item.label,
        kind: item.kind,
        required: item.required,
        photoRequiredWhenFailed: item.photoRequiredWhenFailed,
        weight: String(item.weight),
        failingAnswer: item.failingAnswer,
        unit: item.unit ?? '',
        remedyDescription: item.remedy?.description ?? '',
        remedyPrice: item.remedy ? amountText(item.remedy.priceCents) : '',
      })),
    })),
  };
}

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What the API takes; options a kind cannot have are left out rather than refused. */
export function templateInputOf(draft: Draft): InspectionTemplateInput {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    passMarkPercent: toNumber(draft.passMarkPercent),
    sections: draft.sections.map((section) => ({
      key: section.key,
      title: section.title.trim(),
      items: section.items.map((item) => {
        const scored = isScoredKind(item.kind);
        const remedy =
          scored && item.remedyDescription.trim()
            ? {
                description: item.remedyDescription.trim(),
                priceCents: toMinor(toNumber(item.remedyPrice || '0')),
              }
            : null;
        return {
          key: item.key,
          label: item.label.trim(),
          kind: item.kind,
          required: item.required,
          photoRequiredWhenFailed: scored && item.photoRequiredWhenFailed,
          weight: scored ? toNumber(item.weight) : 0,
          failingAnswer: item.failingAnswer,
          unit: item.kind === 'number_with_unit' && item.unit.trim() ? item.unit.trim() : null,
          remedy,
        };
      }),
    })),
  };
}

/** "Section 1, item 2: Item label is required" — the refusals, placed where they are. */
function problemsOf(draft: Draft): string[] {
  const parsed = inspectionTemplateInputSchema.safeParse(templateInputOf(draft));
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const [first, s, second, i] = issue.path;
    const where =
      first === 'sections' && typeof s === 'number'
        ? second === 'items' && typeof i === 'number'
          ? `Section ${s + 1}, item ${i + 1}: `
          : `Section ${s + 1}: `
        : '';
    return `${where}${issue.message}`;
  });
}

function Field({
  label,
  children,
  className,
}: {
  label: string;
  children: (id: string) => ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('space-y-1', className)}>
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      {children(id)}
    </div>
  );
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

const selectClass = cn(fieldClassName, 'h-10 py-2');

function ItemEditor({
  item,
  position,
  onChange,
  onRemove,
  onMove,
  canRemove,
}: {
  item: DraftItem;
  position: string;
  onChange: (item: DraftItem) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
  canRemove: boolean;
}) {
  const set = <K extends keyof DraftItem>(key: K, value: DraftItem[K]) =>
    onChange({ ...item, [key]: value });
  const scored = isScoredKind(item.kind);
  return (
    <fieldset className="space-y-3 rounded-md border p-3">
      <legend className="px-1 text-xs font-medium text-muted-foreground">{position}</legend>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <Field label="Item label">
          {(id) => (
            <Input id={id} value={item.label} onChange={(e) => set('label', e.target.value)} />
          )}
        </Field>
        <Field label="Answered as">
          {(id) => (
            <select
              id={id}
              className={selectClass}
              value={item.kind}
              onChange={(e) => set('kind', e.target.value as InspectionItemKind)}
            >
              {INSPECTION_ITEM_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {ITEM_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-1">
        <Check label="Required" checked={item.required} onChange={(v) => set('required', v)} />
        {scored ? (
          <Check
            label="Photo required when failed"
            checked={item.photoRequiredWhenFailed}
            onChange={(v) => set('photoRequiredWhenFailed', v)}
          />
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {scored ? (
          <Field label="Weight in the score">
            {(id) => (
              <Input
                id={id}
                inputMode="numeric"
                value={item.weight}
                onChange={(e) => set('weight', e.target.value)}
              />
            )}
          </Field>
        ) : null}
        {item.kind === 'yes_no' ? (
          <Field label="The failing answer">
            {(id) => (
              <select
                id={id}
                className={selectClass}
                value={item.failingAnswer}
                onChange={(e) => set('failingAnswer', e.target.value as 'yes' | 'no')}
              >
                <option value="no">No</option>
                <option value="yes">Yes</option>
              </select>
            )}
          </Field>
        ) : null}
        {item.kind === 'number_with_unit' ? (
          <Field label="Unit">
            {(id) => (
              <Input
                id={id}
                value={item.unit}
                placeholder="°F, psi…"
                onChange={(e) => set('unit', e.target.value)}
              />
            )}
          </Field>
        ) : null}
      </div>
      {scored ? (
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
          <Field label="Remedy when failed (optional)">
            {(id) => (
              <Input
                id={id}
                value={item.remedyDescription}
                placeholder="The service line a client can accept"
                onChange={(e) => set('remedyDescription', e.target.value)}
              />
            )}
          </Field>
          <Field label={`Remedy price (${moneySymbol()})`}>
            {(id) => (
              <Input
                id={id}
                inputMode="decimal"
                value={item.remedyPrice}
                disabled={!item.remedyDescription.trim()}
                onChange={(e) => set('remedyPrice', e.target.value)}
              />
            )}
          </Field>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onMove(-1)}
          aria-label={`Move ${position} up`}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onMove(1)}
          aria-label={`Move ${position} down`}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        {canRemove ? (
          <Button variant="ghost" size="sm" className="text-destructive" onClick={onRemove}>
            <Trash2 aria-hidden="true" />
            Remove item
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Create a template, or edit one: saving an edit makes its next version. */
export function InspectionTemplateEditor({
  template,
  onDone,
}: {
  template: InspectionTemplate | null;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  const [problems, setProblems] = useState<string[]>([]);
  const create = useCreateInspectionTemplate();
  const edit = useEditInspectionTemplate();
  const saving = create.isPending || edit.isPending;
  const error = create.error ?? edit.error;

  const setSection = (index: number, section: DraftSection) =>
    setDraft((d) => ({ ...d, sections: d.sections.map((s, i) => (i === index ? section : s)) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemsOf(draft);
    setProblems(found);
    if (found.length > 0) return;
    const input = templateInputOf(draft);
    const done = {
      onSuccess: () => {
        toast.success(template ? 'Template saved as a new version' : 'Template created', {
          description: input.name,
        });
        onDone();
      },
    };
    if (template) edit.mutate({ id: template.id, input }, done);
    else create.mutate(input, done);
  }

  return (
    <Card className="p-4 sm:p-6">
      <form onSubmit={submit} noValidate className="space-y-5">
        <div>
          <h3 className="text-base font-semibold">
            {template ? `Edit ${template.name}` : 'New inspection template'}
          </h3>
          {template ? (
            <p className="mt-1 text-sm text-muted-foreground">
              Saving makes version {template.version + 1}. Inspections already started keep the
              version they started with.
            </p>
          ) : null}
        </div>
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
          <Field label="Template name">
            {(id) => (
              <Input
                id={id}
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            )}
          </Field>
          <Field label="Pass mark (%)">
            {(id) => (
              <Input
                id={id}
                inputMode="numeric"
                value={draft.passMarkPercent}
                onChange={(e) => setDraft({ ...draft, passMarkPercent: e.target.value })}
              />
            )}
          </Field>
        </div>
        <Field label="Description (optional)">
          {(id) => (
            <Textarea
              id={id}
              rows={2}
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
          )}
        </Field>

        {draft.sections.map((section, s) => (
          <section
            key={section.key}
            aria-label={`Section ${s + 1}`}
            className="space-y-3 rounded-lg bg-muted/40 p-3"
          >
            <div className="flex flex-wrap items-end gap-2">
              <Field label={`Section ${s + 1} title`} className="min-w-0 flex-1">
                {(id) => (
                  <Input
                    id={id}
                    value={section.title}
                    onChange={(e) => setSection(s, { ...section, title: e.target.value })}
                  />
                )}
              </Field>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Move section ${s + 1} up`}
                onClick={() => setDraft((d) => ({ ...d, sections: moved(d.sections, s, -1) }))}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              {draft.sections.length > 1 ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive"
                  onClick={() =>
                    setDraft((d) => ({ ...d, sections: d.sections.filter((_, i) => i !== s) }))
                  }
                >
                  <Trash2 aria-hidden="true" />
                  Remove section
                </Button>
              ) : null}
            </div>
            {section.items.map((item, i) => (
              <ItemEditor
                key={item.key}
                item={item}
                position={`Section ${s + 1}, item ${i + 1}`}
                canRemove={section.items.length > 1}
                onChange={(next) =>
                  setSection(s, {
                    ...section,
                    items: section.items.map((it, j) => (j === i ? next : it)),
                  })
                }
                onRemove={() =>
                  setSection(s, { ...section, items: section.items.filter((_, j) => j !== i) })
                }
                onMove={(by) => setSection(s, { ...section, items: moved(section.items, i, by) })}
              />
            ))}
            <Button
              variant="outline"
              size="sm"
              onClick={() => setSection(s, { ...section, items: [...section.items, newItem()] })}
            >
              <Plus aria-hidden="true" />
              Add item to section {s + 1}
            </Button>
          </section>
        ))}
        <Button
          variant="outline"
          onClick={() => setDraft((d) => ({ ...d, sections: [...d.sections, newSection()] }))}
        >
          <Plus aria-hidden="true" />
          Add section
        </Button>

        {problems.length > 0 ? (
          <Alert tone="error">
            <p className="font-semibold">Fix these before saving:</p>
            <ul className="mt-1 list-inside list-disc">
              {problems.slice(0, 8).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {error ? (
          <Alert tone="error">{errorMessage(error, 'Could not save the template.')}</Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <SubmitButton pending={saving} pendingLabel="Saving...">
            {template ? 'Save new version' : 'Create template'}
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}
