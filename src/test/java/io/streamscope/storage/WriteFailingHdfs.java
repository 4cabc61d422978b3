package io.streamscope.storage;

import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.util.Progressable;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * HDFS's own client with every call that changes the file system failing: registered for the tests with
 * {@code --conf fs.hdfs.impl=io.streamscope.storage.WriteFailingHdfs}. Each attempt is also recorded, so that a test
 * sees it even where the product caught the failure and carried on.
 */
public class WriteFailingHdfs extends DistributedFileSystem {

    private static final List<String> ATTEMPTS = new ArrayList<>();

    public static synchronized List<String> attempts() {
        return List.copyOf(ATTEMPTS);
    }

    public static synchronized void forget() {
        ATTEMPTS.clear();
    }

    private static AssertionError attempted(String call, Path path) {
        synchronized (WriteFailingHdfs.class) {
            ATTEMPTS.add(call + " " + path);
        }
        return new AssertionError("a write reached the file system: " + call + " " + path);
    }

    @Override
    public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize, short replication,
                                     long blockSize, Progressable progress) {
        throw attempted("create", f);
    }

    @Override
    public FSDataOutputStream create(Path f, FsPermission permission, EnumSet<CreateFlag> cflags, int bufferSize,
                                     short replication, long blockSize, Progressable progress,
                                     Options.ChecksumOpt checksumOpt) {
        throw attempted("create", f);
    }

    @Override
    public FSDataOutputStream createNonRecursive(Path f, FsPermission permission, EnumSet<CreateFlag> flag,
                                                 int bufferSize, short replication, long blockSize, Progressable progress) {
        throw attempted("createNonRecursive", f);
    }

    @Override
    public FSDataOutputStream append(Path f, int bufferSize, Progressable progress) {
        throw attempted("append", f);
    }

    @Override
    public FSDataOutputStream append(Path f, EnumSet<CreateFlag> flag, int bufferSize, Progressable progress) {
        throw attempted("append", f);
    }

    @Override
    public boolean rename(Path src, Path dst) {
        throw attempted("rename", src);
    }

    @Override
    public void rename(Path src, Path dst, Options.Rename... options) {
        throw attempted("rename", src);
    }

    @Override
    public boolean delete(Path f, boolean recursive) {
        throw attempted("delete", f);
    }

    @Override
    public boolean mkdirs(Path f, FsPermission permission) {
        throw attempted("mkdirs", f);
    }

    @Override
    public boolean mkdir(Path f, FsPermission permission) {
        throw attempted("mkdir", f);
    }

    @Override
    protected boolean primitiveMkdir(Path f, FsPermission absolutePermission) {
        throw attempted("primitiveMkdir", f);
    }

    @Override
    public void setPermission(Path p, FsPermission permission) {
        throw attempted("setPermission", p);
    }

    @Override
    public void setOwner(Path p, String username, String groupname) {
        throw attempted("setOwner", p);
    }

    @Override
    public void setTimes(Path p, long mtime, long atime) {
        throw attempted("setTimes", p);
    }

    @Override
    public boolean setReplication(Path src, short replication) {
        throw attempted("setReplication", src);
    }

    @Override
    public boolean truncate(Path f, long newLength) {
        throw attempted("truncate", f);
    }

    @Override
    public void concat(Path trg, Path[] psrcs) {
        throw attempted("concat", trg);
    }

    @Override
    public void createSymlink(Path target, Path link, boolean createParent) {
        throw attempted("createSymlink", link);
    }

    @Override
    public void setXAttr(Path path, String name, byte[] value, EnumSet<XAttrSetFlag> flag) {
        throw attempted("setXAttr", path);
    }

    @Override
    public void removeXAttr(Path path, String name) {
        throw attempted("removeXAttr", path);
    }

    @Override
    public void setAcl(Path path, List<AclEntry> aclSpec) {
        throw attempted("setAcl", path);
    }

    @Override
    public void modifyAclEntries(Path path, List<AclEntry> aclSpec) {
        throw attempted("modifyAclEntries", path);
    }

    @Override
    public void removeAclEntries(Path path, List<AclEntry> aclSpec) {
        throw attempted("removeAclEntries", path);
    }

    @Override
    public void removeAcl(Path path) {
        throw attempted("removeAcl", path);
    }

    @Override
    public void removeDefaultAcl(Path path) {
        throw attempted("removeDefaultAcl", path);
    }

    @Override
    public Path createSnapshot(Path path, String snapshotName) {
        throw attempted("createSnapshot", path);
    }

    @Override
    public void deleteSnapshot(Path path, String snapshotName) {
        throw attempted("deleteSnapshot", path);
    }

    @Override
    public void renameSnapshot(Path path, String snapshotOldName, String snapshotNewName) {
        throw attempted("renameSnapshot", path);
    }

    @Override
    public void setStoragePolicy(Path src, String policyName) {
        throw attempted("setStoragePolicy", src);
    }

    @Override
    public boolean recoverLease(Path f) {
        throw attempted("recoverLease", f);
    }
}
