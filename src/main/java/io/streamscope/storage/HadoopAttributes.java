package io.streamscope.storage;

import org.apache.hadoop.fs.FileStatus;

import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.Map;

/** A remote file's basic attributes, from the status its folder's listing (or one call) returned. */
record HadoopAttributes(FileStatus status) implements BasicFileAttributes {

    @Override
    public FileTime lastModifiedTime() {
        return FileTime.fromMillis(status.getModificationTime());
    }

    @Override
    public FileTime lastAccessTime() {
        return FileTime.fromMillis(status.getAccessTime());
    }

    @Override
    public FileTime creationTime() {
        return lastModifiedTime();
    }

    @Override
    public boolean isRegularFile() {
        return status.isFile();
    }

    @Override
    public boolean isDirectory() {
        return status.isDirectory();
    }

    /** Hadoop's symbolic links are off by default and Spark writes none: a link is reported as what it is not. */
    @Override
    public boolean isSymbolicLink() {
        return false;
    }

    @Override
    public boolean isOther() {
        return !status.isFile() && !status.isDirectory();
    }

    @Override
    public long size() {
        return status.getLen();
    }

    @Override
    public Object fileKey() {
        return null;
    }

    Map<String, Object> asMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("lastModifiedTime", lastModifiedTime());
        map.put("lastAccessTime", lastAccessTime());
        map.put("creationTime", creationTime());
        map.put("size", size());
        map.put("isRegularFile", isRegularFile());
        map.put("isDirectory", isDirectory());
        map.put("isSymbolicLink", isSymbolicLink());
        map.put("isOther", isOther());
        map.put("fileKey", fileKey());
        return map;
    }
}
