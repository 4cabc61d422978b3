package io.streamscope;

import io.streamscope.cli.Cli;
import io.streamscope.ui.StreamscopeApp;

/**
 * The jar's entry point. Runs a headless command when the first argument names one (a mistyped command is an error
 * on stderr, never the window), and otherwise starts the window. It does not extend {@code Application}, so the
 * JavaFX runtime can sit on the plain class path.
 */
public final class Launcher {

    private Launcher() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && Cli.wantsCommandLine(args[0])) {
            System.exit(Cli.run(args, System.out, System.err));
        }
        StreamscopeApp.main(args);
    }
}
