# bash completion for designable, written by `designable _generate bash` from its option tables.

# Files with one of the extensions given (any case), and folders to go into.
_designable_files() {
    local IFS=$'\n' file extension
    compopt -o filenames 2>/dev/null
    for file in $(compgen -f -- "$cur"); do
        if [[ -d $file ]]; then COMPREPLY+=("$file"); continue; fi
        for extension in "$@"; do
            if [[ ${file,,} == *."$extension" ]]; then COMPREPLY+=("$file"); break; fi
        done
    done
}

_designable_directories() {
    local IFS=$'\n'
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -d -- "$cur"))
}

_designable() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command=${COMP_WORDS[1]} options
    COMPREPLY=()
    if ((COMP_CWORD == 1)); then
        COMPREPLY=($(compgen -W "preview render check inspect bench schema snapshot help --help --version" -- "$cur"))
        [[ $cur == -* ]] || _designable_files yaml yml
        return
    fi
    if [[ $command == help ]]; then
        ((COMP_CWORD == 2)) && COMPREPLY=($(compgen -W "preview render check inspect bench schema snapshot" -- "$cur"))
        return
    fi
    # Anything but a command is a style file: the preview's shortcut.
    case $command in
    preview) options="--scale --screenshot --screenshot-dir --trace --appearance --direction --allow-outside-images --components -h --help" ;;
    render) options="-o --output --scale --state --view --appearance --direction --variants --outline --allow-outside-images --components -h --help" ;;
    check) options="--strict --audit --scale --allow-outside-images --components -h --help" ;;
    inspect) options="--json --allow-outside-images --components -h --help" ;;
    bench) options="--scale --frames --json -h --help" ;;
    schema) options="--components -h --help" ;;
    snapshot) options="--dir --scale --record --tolerance --max-diff --junit --appearance --direction --system-fonts --allow-outside-images --components -h --help" ;;
    *) command=preview; options="--scale --screenshot --screenshot-dir --trace --appearance --direction --allow-outside-images --components -h --help" ;;
    esac
    # The value of an option that takes one.
    case $command:$prev in
    preview:--scale) :; return ;;
    preview:--screenshot) _designable_files png; return ;;
    preview:--screenshot-dir) _designable_directories; return ;;
    preview:--appearance) COMPREPLY=($(compgen -W "light dark" -- "$cur")); return ;;
    preview:--direction) COMPREPLY=($(compgen -W "ltr rtl" -- "$cur")); return ;;
    preview:--components) _designable_directories; return ;;
    render:-o|render:--output) _designable_files png svg pdf; return ;;
    render:--scale) :; return ;;
    render:--state) COMPREPLY=($(compgen -W "normal highlighted selected selected+highlighted disabled" -- "$cur")); return ;;
    render:--view) :; return ;;
    render:--appearance) COMPREPLY=($(compgen -W "light dark both" -- "$cur")); return ;;
    render:--direction) COMPREPLY=($(compgen -W "ltr rtl both" -- "$cur")); return ;;
    render:--components) _designable_directories; return ;;
    check:--scale) :; return ;;
    check:--components) _designable_directories; return ;;
    inspect:--components) _designable_directories; return ;;
    bench:--scale) :; return ;;
    bench:--frames) :; return ;;
    schema:--components) _designable_directories; return ;;
    snapshot:--dir) :; return ;;
    snapshot:--scale) :; return ;;
    snapshot:--tolerance) :; return ;;
    snapshot:--max-diff) :; return ;;
    snapshot:--junit) :; return ;;
    snapshot:--appearance) COMPREPLY=($(compgen -W "light dark both" -- "$cur")); return ;;
    snapshot:--direction) COMPREPLY=($(compgen -W "ltr rtl both" -- "$cur")); return ;;
    snapshot:--components) _designable_directories; return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi
    case $command in
    preview) _designable_files yaml yml ;;
    render) _designable_files yaml yml ;;
    check) _designable_files yaml yml ;;
    inspect) _designable_files yaml yml ;;
    bench) _designable_files yaml yml ;;
    snapshot) _designable_files yaml yml ;;
    esac
}

complete -F _designable designable
