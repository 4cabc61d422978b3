package io.streamscope.ui;

import io.streamscope.ui.replay.JobFiles;
import io.streamscope.ui.replay.ReplayViewModel;
import io.streamscope.ui.replay.TopicChoice;
import io.streamscope.ui.replay.TopicDefaults;
import io.streamscope.ui.settings.CheckpointSettings;
import io.streamscope.ui.settings.Settings;

import io.streamscope.ui.display.DisplayViewModel;
import io.streamscope.ui.doctor.DoctorViewModel;
import io.streamscope.ui.follow.FollowUpdate;
import io.streamscope.ui.follow.FollowViewModel;
import io.streamscope.ui.snippet.SparkSnippetViewModel;
import io.streamscope.ui.inspector.BatchFilesViewModel;
import io.streamscope.ui.playback.PlaybackViewModel;
import io.streamscope.ui.query.QueryViewModel;
import io.streamscope.storage.HadoopSettings;
import io.streamscope.storage.Locations;
import io.streamscope.ui.recent.RecentFolders;
import io.streamscope.replay.ImpliedStateSchema;
import io.streamscope.ui.state.StateViewModel;
import io.streamscope.ui.timeline.TimelineBatch;
import io.streamscope.ui.timeline.TimelineData;
import io.streamscope.ui.timeline.TimelineViewModel;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * Every view model of one window, wired together: the opened checkpoint feeds the timeline, and the timeline's
 * selected batch drives the state panel and the inspector. What the user gives for a checkpoint (job, schemas, mode,
 * topic source) is remembered in their settings by its path and restored when it opens again; opening another
 * checkpoint sets all of it anew. No controls; FX thread only.
 */
public final class WindowModel {

    private final ActivityMonitor activity;
    private final CheckpointViewModel checkpoint;
    private final TimelineViewModel timeline = new TimelineViewModel();
    private final PlaybackViewModel playback = new PlaybackViewModel(timeline);
    private final DisplayViewModel display = new DisplayViewModel();
    private final QueryViewModel query = new QueryViewModel();
    private final StateViewModel state;
    private final BatchFilesViewModel batchFiles;
    private final RecentFolders recent;
    private final java.util.Map<String, HadoopSettings> locationSettings = new java.util.HashMap<>();
    /** The settings of the remote location being opened, until it has opened. */
    private HadoopSettings pendingSettings;
    private final Settings settings;
    private final ReplayViewModel replay;
    private final DoctorViewModel doctor;
    private final SparkSnippetViewModel sparkSnippet;
    private final FollowViewModel follow = new FollowViewModel(this::refresh);
    /** Set while a followed checkpoint's newer reading is put in place: the selection is handed on once, after. */
    private boolean refreshing;
    /** The checkpoint whose settings the user's changes go to; null while none is open. */
    private Path settingsFolder;
    /** Set while a checkpoint's settings are put in place: those are no change of the user's. */
    private boolean restoring;
    /** The command line whose checkpoint {@link #startOpening} opened already: {@link #apply} does not open it again. */
    private LaunchArguments openedEarly;
    /** Whether the editor's text and the topic source are the user's (else the folder's defaults: not remembered). */
    private boolean textGiven;
    private boolean topicGiven;

    public WindowModel(Executor background, RecentFolders recent) {
        this(background, Settings.inMemory(recent));
    }

    public WindowModel(Executor background, Settings settings) {
        this.activity = new ActivityMonitor(background);
        this.checkpoint = new CheckpointViewModel(activity);
        this.state = new StateViewModel(activity);
        this.batchFiles = new BatchFilesViewModel(activity);
        this.settings = settings;
        this.recent = settings.recent();
        this.replay = new ReplayViewModel(activity);
        this.doctor = new DoctorViewModel(activity);
        this.sparkSnippet = new SparkSnippetViewModel(activity);
        sparkSnippet.checkpointProperty().bind(checkpoint.checkpointProperty());
        sparkSnippet.storeProperty().bind(state.selectedStoreProperty());
        sparkSnippet.batchProperty().bind(timeline.selectedBatchProperty());
        doctor.languageProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> DoctorViewModel.languageOf(query.textProperty().get()), query.textProperty()));
        replay.topicProperty().addListener((property, old, topic) -> {
            if (!restoring && settingsFolder != null) {
                doctor.examine(replay.checkpointProperty().get(), topic); // offsets-expired against the new source
            }
        });
        replay.textProperty().bind(query.textProperty());
        replay.schemasProperty().bind(query.schemasProperty());
        replay.modeProperty().bind(query.modeOverrideProperty());
        checkpoint.loadingProperty().addListener((property, was, loading) -> {
            if (loading) {
                playback.pause();
            }
        });
        query.textProperty().addListener((property, old, text) -> userChanged(true, false));
        query.schemasProperty().addListener((property, old, schemas) -> userChanged(false, false));
        query.modeOverrideProperty().addListener((property, old, mode) -> userChanged(false, false));
        replay.topicProperty().addListener((property, old, topic) -> userChanged(false, true));
        // the checkpoint on show stays while another is read (a cancelled read leaves it), and goes when that one
        // is read, or could not be opened
        checkpoint.loadedProperty().addListener((property, old, loaded) -> {
            closeCheckpoint();
            if (loaded != null) {
                opened(loaded);
            }
        });
        timeline.selectedBatchProperty().addListener((property, old, batch) -> {
            if (!refreshing) {
                selected(batch);
            }
        });
        replay.outcomeProperty().addListener((property, old, outcome) -> {
            state.setImpliedSchemas(impliedSchemas(outcome));
            if (outcome != null && query.modeOverrideProperty().get() == null) {
                query.adoptMode(outcome.mode()); // the job's mode, on show, not chosen
            }
        });
        // the theme the user chose last, and every choice remembered (presentation mode's projector theme is no choice)
        settings.theme().flatMap(io.streamscope.ui.display.Theme::find).ifPresent(display.themeProperty()::set);
        display.themeProperty().addListener((property, old, theme) -> {
            if (theme != null) {
                settings.saveTheme(theme.id());
            }
        });
        settings.jobEditor().flatMap(io.streamscope.ui.display.JobEditorFold::find)
                .ifPresent(display.jobEditorFoldProperty()::set);
        display.jobEditorFoldProperty().addListener((property, old, fold) -> settings.saveJobEditor(fold.id()));
    }

    public static WindowModel create(RecentFolders recent) {
        return new WindowModel(BackgroundTasks.shared(), recent);
    }

    public static WindowModel create(Settings settings) {
        return new WindowModel(BackgroundTasks.shared(), settings);
    }

    private void opened(LoadedCheckpoint loaded) {
        state.setCheckpoint(loaded.checkpoint());
        batchFiles.setCheckpoint(loaded.checkpoint());
        Path folder = loaded.checkpoint().path();
        Optional<CheckpointSettings> remembered = settings.checkpoint(folder);
        TopicChoice given = TopicDefaults.fromCommandLine(query);
        query.clearTopicPins();
        Optional<TopicChoice> rememberedTopic = remembered.flatMap(CheckpointSettings::topic);
        restoring = true;
        try {
            textGiven = remembered.map(mine -> !mine.text().isBlank()).orElse(false);
            topicGiven = given != null || rememberedTopic.isPresent();
            query.open(remembered, loaded.job(), loaded.sidecar());
            replay.setBatchRuns(loaded.runs());
            replay.sidecarProperty().set(loaded.sidecar().orElse(null));
            replay.topicProperty().set(given != null ? given
                    : rememberedTopic.orElseGet(() -> TopicDefaults.fromSidecar(loaded)));
            replay.checkpointProperty().set(loaded.checkpoint());
            settingsFolder = folder;
        } finally {
            restoring = false;
        }
        doctor.examine(loaded.checkpoint(), replay.topicProperty().get());
        timeline.setData(loaded.timeline()); // selects a batch, which the listener below hands on
        recent.add(folder);
        follow.setCheckpoint(loaded.checkpoint());
        if (Locations.isRemote(folder) && pendingSettings != null) {
            locationSettings.put(folder.toString(), pendingSettings);
        }
        pendingSettings = null;
    }

    private static Map<Integer, io.streamscope.checkpoint.state.StoreSchema> impliedSchemas(
            io.streamscope.ui.replay.ReplayOutcome outcome) {
        return outcome == null || !outcome.replayed() ? Map.of()
                : ImpliedStateSchema.forStoresWithoutSchema(outcome.replay().orElseThrow().query(),
                        outcome.request().checkpoint());
    }

    /**
     * Follow mode read the open checkpoint again: the new batches join the timeline (the selection stays, or moves to
     * the newest batch when it was on the last), the replay runs again (the topic's end offsets and the lag with it),
     * the doctor looks again, and after a commit the state on show is read again; the job, schemas, mode and topic
     * source stay as they are.
     */
    private void refresh(FollowUpdate update) {
        LoadedCheckpoint newer = update.loaded();
        io.streamscope.checkpoint.Checkpoint shown = checkpoint.checkpointProperty().get();
        if (shown == null || newer.checkpoint().equals(shown) || !checkpoint.refresh(newer)) {
            return;
        }
        boolean stateChanged = update.committed() || !newer.checkpoint().stateOperators().equals(shown.stateOperators());
        if (stateChanged) {
            io.streamscope.ui.state.StoreChoice chosen = state.selectedStoreProperty().get();
            state.setCheckpoint(newer.checkpoint());
            state.stores().stream().filter(choice -> chosen != null
                            && choice.operator().operatorId() == chosen.operator().operatorId()
                            && choice.store().storeName().equals(chosen.store().storeName()))
                    .findFirst().ifPresent(state.selectedStoreProperty()::set);
            state.setImpliedSchemas(impliedSchemas(replay.getOutcome()));
        }
        follow.setCheckpoint(newer.checkpoint());
        batchFiles.setCheckpoint(newer.checkpoint());
        replay.setBatchRuns(newer.runs());
        replay.checkpointProperty().set(newer.checkpoint());
        doctor.examine(newer.checkpoint(), replay.topicProperty().get());
        TimelineBatch before = timeline.getSelectedBatch();
        refreshing = true;
        try {
            timeline.update(newer.timeline(), true);
        } finally {
            refreshing = false;
        }
        TimelineBatch after = timeline.getSelectedBatch();
        batchFiles.setBatch(after);
        if (stateChanged || before == null || after == null || before.id() != after.id()) {
            state.setBatch(after == null ? null : after.id());
        }
        replay.selectedBatchProperty().set(after == null ? null : after.id());
    }

    private void closeCheckpoint() {
        timeline.setData(TimelineData.EMPTY);
        state.setCheckpoint(null);
        batchFiles.setCheckpoint(null);
        doctor.clear();
        follow.setCheckpoint(null);
        forgetCheckpoint();
    }

    /** Nothing of the checkpoint that was open stays: its text, schemas, mode and topic source go with it. */
    private void forgetCheckpoint() {
        restoring = true;
        try {
            settingsFolder = null;
            replay.checkpointProperty().set(null);
            replay.topicProperty().set(null);
            replay.sidecarProperty().set(null);
            query.clear();
        } finally {
            restoring = false;
        }
    }

    /** The user changed the job, a schema, the mode or the topic source: remembered for the open checkpoint. */
    private void userChanged(boolean text, boolean topic) {
        if (restoring || settingsFolder == null) {
            return;
        }
        textGiven |= text;
        topicGiven |= topic;
        settings.saveCheckpoint(settingsFolder, new CheckpointSettings(textGiven ? query.textProperty().get() : "",
                query.schemasProperty().get(), Optional.ofNullable(query.modeOverrideProperty().get()),
                topicGiven ? Optional.ofNullable(replay.topicProperty().get()) : Optional.empty()));
    }

    private void selected(TimelineBatch batch) {
        state.setBatch(batch == null ? null : batch.id());
        batchFiles.setBatch(batch);
        replay.selectedBatchProperty().set(batch == null ? null : batch.id());
    }

    /** Opens a folder in the background. */
    public void open(Path folder) {
        checkpoint.open(folder);
    }

    /**
     * Opens a location given as text (the Open URI dialog, a recent entry, a dropped URI): a local path, or a remote
     * URI read with {@code hadoop} on top of {@code HADOOP_CONF_DIR}. Its settings are kept for this run only (they
     * may hold secrets), so that the recent list opens it alike.
     */
    public void openLocation(String location, HadoopSettings hadoop) {
        String text = location.strip();
        if (!Locations.isRemote(text) && !text.toLowerCase(java.util.Locale.ROOT).startsWith("file:")) {
            open(Path.of(text));
            return;
        }
        locationSettings.put(text, hadoop);
        pendingSettings = hadoop;
        checkpoint.openLocation(text, hadoop);
    }

    /** The settings a remote location was opened with in this run; none for one from an earlier run. */
    public HadoopSettings settingsFor(String location) {
        return locationSettings.getOrDefault(location, HadoopSettings.NONE);
    }

    /**
     * Applies the command line: mode, job or query, schema and topic settings, presentation, the batch to select, the
     * folder. A {@code --job FILE} is read in the background first; one that cannot be read is a warning in the
     * status bar, and the checkpoint opens with its own defaults.
     */
    public void apply(LaunchArguments arguments) {
        query.pin(arguments.mode(), arguments.query(), arguments.schema(), arguments.topicFiles(),
                arguments.bootstrapServers(), arguments.topic(), arguments.commandConfig());
        arguments.batch().ifPresent(timeline::requestBatch);
        if (arguments.batch().isEmpty() && (arguments.presentation() || arguments.lesson())) {
            timeline.requestBatch(0); // a class watches the table grow from the first batch, not open on it full
        }
        if (arguments.presentation()) {
            display.presentationProperty().set(true);
        }
        if (arguments.follow()) {
            follow.followingProperty().set(true);
        }
        if (arguments.job().isEmpty()) {
            openGiven(arguments);
            return;
        }
        Path job = arguments.job().get();
        BackgroundTasks.create(() -> JobFiles.read(job))
                .titled("Reading the job " + job.getFileName())
                .onSuccess(text -> {
                    query.pinJob(text);
                    openGiven(arguments);
                })
                .onFailure(error -> {
                    activity.announce("--job: " + error.getMessage());
                    openGiven(arguments);
                })
                .runOn(activity);
    }

    /**
     * Starts reading the command line's checkpoint now, before the window is built, so that the read and the window's
     * building share the cores; call {@link #apply} with the same arguments before the FX thread is free again. The
     * read hands its result over on the FX thread, so it reaches the model after the window and {@code apply}'s
     * settings (mode, batch, topic) are in place, as when {@code apply} opens it. A {@code --job} file is read first,
     * so with one nothing starts early.
     */
    public void startOpening(LaunchArguments arguments) {
        if (arguments.job().isEmpty()) {
            openGiven(arguments);
            openedEarly = arguments;
        }
    }

    private void openGiven(LaunchArguments arguments) {
        if (arguments == openedEarly) {
            openedEarly = null;
            return;
        }
        arguments.checkpoint().ifPresent(this::open);
        arguments.remote().ifPresent(uri -> openLocation(uri, arguments.hadoop()));
    }

    /** The user's settings: recent folders, what was given per checkpoint, the window's placement. */
    public Settings settings() {
        return settings;
    }

    public ActivityMonitor activity() {
        return activity;
    }

    public CheckpointViewModel checkpoint() {
        return checkpoint;
    }

    public TimelineViewModel timeline() {
        return timeline;
    }

    public PlaybackViewModel playback() {
        return playback;
    }

    public DisplayViewModel display() {
        return display;
    }

    public QueryViewModel query() {
        return query;
    }

    public StateViewModel state() {
        return state;
    }

    public BatchFilesViewModel batchFiles() {
        return batchFiles;
    }

    /** The query replayed over the open checkpoint, and the selected batch's step. */
    public ReplayViewModel replay() {
        return replay;
    }

    /** The doctor's findings and the handover of the open checkpoint. */
    public DoctorViewModel doctor() {
        return doctor;
    }

    /** The State Data Source snippet of the store on show. */
    public SparkSnippetViewModel sparkSnippet() {
        return sparkSnippet;
    }

    /** Follow mode: the open checkpoint followed while its query runs. */
    public FollowViewModel follow() {
        return follow;
    }

    public RecentFolders recent() {
        return recent;
    }
}
