import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@crewdesk/domain';
import { buttonVariants } from '@/components/ui/button';
import { fieldClassName } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { teamMemberOptionsQueryOptions } from '../api/team-member-options';
import { teamMemberName } from '../model/team-member';

export interface TeamMemberPickerProps {
  /** The chosen employee's id; '' for nobody. */
  value: string;
  /** The new id, or '' when the current one is chosen again (which clears it). */
  onChange: (employeeId: string) => void;
  /** For a <label htmlFor>. */
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  className?: string;
}

/**
 * Spec section 2, team-member picker: a searchable dropdown of the business's active employees.
 * Choosing the current one again clears the choice.
 */
export function TeamMemberPicker({
  value,
  onChange,
  id,
  disabled,
  className,
  ...aria
}: TeamMemberPickerProps) {
  const [open, setOpen] = useState(false);
  const employees = useQuery(teamMemberOptionsQueryOptions());

  useEffect(() => {
    if (employees.isError) {
      toast.error(MESSAGES.employeeLoadFailed.title, {
        id: 'employee-options-failed',
        description: MESSAGES.employeeLoadFailed.description,
      });
    }
  }, [employees.isError]);

  const selected = employees.data?.find((e) => e.id === value);

  function choose(employeeId: string) {
    onChange(employeeId === value ? '' : employeeId);
    setOpen(false);
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        id={id}
        type="button"
        role="combobox"
        aria-expanded={open}
        aria-haspopup="listbox"
        disabled={disabled}
        className={cn(
          fieldClassName,
          'flex h-10 items-center justify-between gap-2 py-2 text-left font-normal',
          className,
        )}
        {...aria}
      >
        <span className={cn('truncate', !selected && 'text-muted-foreground')}>
          {selected ? teamMemberName(selected) : 'Select team member...'}
        </span>
        <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-56 p-0">
        <Command
          loop
          filter={(_value, search, keywords) =>
            (keywords ?? []).join(' ').toLowerCase().includes(search.trim().toLowerCase()) ? 1 : 0
          }
        >
          <Command.Input
            placeholder="Search team member..."
            className="h-10 w-full border-b bg-transparent px-3 text-sm outline-none placeholder:text-muted-foreground"
          />
          <Command.List className="max-h-60 overflow-y-auto p-1">
            {employees.isPending ? (
              <Command.Loading className="px-2 py-3 text-center text-sm text-muted-foreground">
                Loading...
              </Command.Loading>
            ) : (
              <Command.Empty className="px-2 py-3 text-center text-sm text-muted-foreground">
                No team member found.
              </Command.Empty>
            )}
            {employees.data?.map((employee) => (
              <Command.Item
                key={employee.id}
                value={employee.id}
                keywords={[teamMemberName(employee)]}
                onSelect={choose}
                className={cn(
                  buttonVariants({ variant: 'ghost', size: 'sm' }),
                  'w-full cursor-pointer justify-start font-normal data-[selected=true]:bg-muted',
                )}
              >
                <Check
                  aria-hidden
                  className={cn('size-4', employee.id === value ? 'opacity-100' : 'opacity-0')}
                />
                {teamMemberName(employee)}
              </Command.Item>
            ))}
          </Command.List>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
