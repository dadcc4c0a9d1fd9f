# bash completion for sudolab: installed as
# share/bash-completion/completions/sudolab, or sourced by hand.
#
# The command completes itself from what it says, so nothing here can
# drift from it: the commands from `sudolab --help`, each command's
# options from `sudolab COMMAND --help`, and variant names from
# `sudolab variants` (which reads $SUDOLAB_PATH and $SUDOLAB_ROOT as
# --variant does), rule names after `rules` from `sudolab rules`.
# Anything else completes as file names.

# The commands, from the list under "commands:" in the usage.
_sudolab_commands()
{
    "$1" --help 2>/dev/null | awk '/^commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }'
}

# Every --option a command's help names.
_sudolab_options()
{
    "$1" "$2" --help 2>/dev/null | grep -oE -- '--[a-z][a-z-]*' | sort -u
}

# The variant names, first column of the listing.
_sudolab_variants()
{
    "$1" variants 2>/dev/null | awk '{ print $1 }'
}

_sudolab()
{
    local program=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    COMPREPLY=()
    if ((COMP_CWORD == 1)); then
        COMPREPLY=($(compgen -W "$(_sudolab_commands "$program") --help --version" -- "$cur"))
        return 0
    fi
    local command=${COMP_WORDS[1]}
    case $prev in
    -V | --variant)
        # A path names a variant file: folders and .lua files.
        if [[ $cur == */* || $cur == .* || $cur == ~* ]]; then
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.lua' -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$(_sudolab_variants "$program")" -- "$cur"))
        fi
        return 0
        ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_sudolab_options "$program" "$command")" -- "$cur"))
    elif [[ $command == rules ]]; then
        COMPREPLY=($(compgen -W "$("$program" rules 2>/dev/null | awk '{ print $1 }')" -- "$cur"))
    fi
    return 0
}

complete -o bashdefault -o default -F _sudolab sudolab
