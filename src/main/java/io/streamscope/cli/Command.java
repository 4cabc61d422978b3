package io.streamscope.cli;

import java.io.PrintStream;

/** One headless command. */
interface Command {

    /** Runs with the arguments after the command name; returns the exit code. */
    int run(String[] args, PrintStream out) throws UsageException, CommandFailedException;

    /** One line: the command and its arguments. */
    String usage();
}
