<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <source>Archived</source>
        <translation>归档时间</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>forgotten</source>
        <translation>已遗忘</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>修订版</translation>
    </message>
    <message>
        <source>Keywords</source>
        <translation>关键词</translation>
    </message>
    <message>
        <source>Subject key</source>
        <translation>主题键</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Search the archive by name, title or why</source>
        <translation>按名称、标题或原因搜索归档</translation>
    </message>
    <message>
        <source>Archived (UTC)</source>
        <translation>归档时间（UTC）</translation>
    </message>
    <message>
        <source>Archive file</source>
        <translation>归档文件</translation>
    </message>
    <message>
        <source>&amp;Recover</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Delete permanently…</source>
        <translation>永久删除(&amp;D)…</translation>
    </message>
    <message>
        <source>Delete this archived fact for good, with its earlier revisions when nothing else is that fact (Shift+Del). It cannot be recovered.</source>
        <translation>永久删除这条已归档的事实，在没有其他条目属于该事实时连同其较早的修订版一起删除（Shift+Del）。删除后无法恢复。</translation>
    </message>
    <message>
        <source>read the archive</source>
        <translation>读取归档</translation>
    </message>
    <message>
        <source>No archived fact matches the search.</source>
        <translation>没有与搜索匹配的已归档事实。</translation>
    </message>
    <message>
        <source>The archive is empty. Forgotten facts land here and can be recovered.</source>
        <translation>归档为空。被遗忘的事实会放到这里，并且可以恢复。</translation>
    </message>
    <message>
        <source>(cannot be shown: {error})</source>
        <translation>（无法显示：{error}）</translation>
    </message>
    <message>
        <source>Recovering…</source>
        <translation>正在恢复…</translation>
    </message>
    <message>
        <source>Recovered {ref} as revision {revision}.</source>
        <translation>已将 {ref} 恢复为修订版 {revision}。</translation>
    </message>
    <message>
        <source>Recovered {ref}</source>
        <translation>已恢复 {ref}</translation>
    </message>
    <message>
        <source>&lt;p&gt;This deletes &lt;b&gt;{name}&lt;/b&gt; for good; it cannot be recovered.&lt;/p&gt;</source>
        <translation>&lt;p&gt;这会永久删除 &lt;b&gt;{name}&lt;/b&gt;，且无法恢复。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Destroyed:&lt;/p&gt;</source>
        <translation>&lt;p&gt;将被销毁：&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;the archive entry {name}&lt;/li&gt;</source>
        <translation>&lt;li&gt;归档条目 {name}&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;li&gt;{count} earlier revision(s): {names}&lt;/li&gt;</source>
        <translation>&lt;li&gt;{count} 个较早的修订版：{names}&lt;/li&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Its earlier revisions stay: {kept}.&lt;/p&gt;</source>
        <translation>&lt;p&gt;它较早的修订版会保留：{kept}。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Sync is set up: the next sync deletes it on the remote too, but the sync repository&apos;s earlier commits still hold it.&lt;/p&gt;</source>
        <translation>&lt;p&gt;已设置同步：下次同步也会在远程仓库中删除它，但同步仓库较早的提交中仍保有它。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Delete permanently</source>
        <translation>永久删除</translation>
    </message>
    <message>
        <source>Deleting…</source>
        <translation>正在删除…</translation>
    </message>
    <message>
        <source>Deleted {name} and {count} earlier revision(s) for good.</source>
        <translation>已永久删除 {name} 及 {count} 个较早的修订版。</translation>
    </message>
    <message>
        <source>Deleted {name} for good.</source>
        <translation>已永久删除 {name}。</translation>
    </message>
    <message>
        <source>Deleted {name} from the archive for good</source>
        <translation>已从归档中永久删除 {name}</translation>
    </message>
    <message>
        <source>Error code: {code}</source>
        <translation>错误代码：{code}</translation>
    </message>
    <message>
        <source>The store this install opens cannot be used. Details: {details}</source>
        <translation>此安装打开的存储无法使用。详情：{details}</translation>
    </message>
    <message>
        <source>{path} cannot be read: left as it is</source>
        <translation>无法读取 {path}：保持原样</translation>
    </message>
    <message>
        <source>Neither Claude Code (~/.claude) nor Codex (~/.codex) is set up on this machine</source>
        <translation>本机既未设置 Claude Code（~/.claude），也未设置 Codex（~/.codex）</translation>
    </message>
    <message>
        <source>No Claude Code {event} hook of Context Center is registered</source>
        <translation>未注册 Context Center 的 Claude Code {event} 钩子</translation>
    </message>
    <message>
        <source>No Claude Code {event} hook of Context Center is registered (the pinned facts at a session&apos;s start)</source>
        <translation>未注册 Context Center 的 Claude Code {event} 钩子（会话开始时的置顶事实）</translation>
    </message>
    <message>
        <source>The MCP server is not registered for {agent}</source>
        <translation>未为 {agent} 注册 MCP 服务器</translation>
    </message>
    <message>
        <source>{where} is a shell line, not a plain command: it is not run here</source>
        <translation>{where}是一行 shell 命令，而非普通命令：此处不会运行它</translation>
    </message>
    <message>
        <source>{where} runs {command}, not this install&apos;s context-center: it is reported, never run</source>
        <translation>{where}运行的是 {command}，而非此安装的 context-center：只报告，从不运行</translation>
    </message>
    <message>
        <source>{where}: its store cannot be told. Details: {problem}</source>
        <translation>{where}：无法判断它使用的存储。详情：{problem}</translation>
    </message>
    <message>
        <source>{where} has no state root of its own (it reaches {store}): Codex does not pass the environment on, so pin it</source>
        <translation>{where}没有自己的状态根目录（它使用 {store}）：Codex 不会传递环境变量，请固定它</translation>
    </message>
    <message>
        <source>{where} reaches the store {store}, not {mine}</source>
        <translation>{where}使用的存储是 {store}，而不是 {mine}</translation>
    </message>
    <message>
        <source>Codex runs with approval_policy = &quot;never&quot;, which refuses every call to the MCP server {name} unless its entry says default_tools_approval_mode = &quot;approve&quot;</source>
        <translation>Codex 以 approval_policy = &quot;never&quot; 运行，这会拒绝对 MCP 服务器 {name} 的每次调用，除非其条目写明 default_tools_approval_mode = &quot;approve&quot;</translation>
    </message>
    <message>
        <source>The registered hook ({file}) did not answer within 30 s</source>
        <translation>已注册的钩子（{file}）在 30 秒内没有响应</translation>
    </message>
    <message>
        <source>The registered hook ({file}) exited {code}</source>
        <translation>已注册的钩子（{file}）以代码 {code} 退出</translation>
    </message>
    <message>
        <source>MCP server</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>UserPromptSubmit hook</source>
        <translation>UserPromptSubmit 钩子</translation>
    </message>
    <message>
        <source>SessionStart hook</source>
        <translation>SessionStart 钩子</translation>
    </message>
    <message>
        <source>{agent}&apos;s {kind} {name} in {file}</source>
        <translation>{file} 中 {agent} 的{kind} {name}</translation>
    </message>
    <message>
        <source>{agent}&apos;s {kind} in {file}</source>
        <translation>{file} 中 {agent} 的{kind}</translation>
    </message>
    <message>
        <source>(the {scope} file: edit it, Connect does not)</source>
        <translation>（{scope}文件：请自行编辑，连接不会修改它）</translation>
    </message>
    <message>
        <source>&amp;Connect Claude Code…</source>
        <translation>连接 Claude Code(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Remove from Claude Code…</source>
        <translation>从 Claude Code 移除(&amp;R)…</translation>
    </message>
    <message>
        <source>C&amp;onnect Codex…</source>
        <translation>连接 Codex(&amp;O)…</translation>
    </message>
    <message>
        <source>R&amp;emove from Codex…</source>
        <translation>从 Codex 移除(&amp;E)…</translation>
    </message>
    <message>
        <source>Connect agents</source>
        <translation>连接智能体</translation>
    </message>
    <message>
        <source>no store (open one first)</source>
        <translation>没有存储（请先打开一个）</translation>
    </message>
    <message>
        <source>Your agents should read and write the store this window shows: {store}. Connecting registers the Claude Code hooks and the MCP server with that store pinned, whatever the agent&apos;s environment. Each change is shown before it is written.</source>
        <translation>你的智能体应读写此窗口显示的存储：{store}。连接会注册 Claude Code 钩子和 MCP 服务器，并将其固定到该存储，无论智能体的环境如何。每项更改都会在写入前显示。</translation>
    </message>
    <message>
        <source>Looking at your agents&apos; settings…</source>
        <translation>正在查看你的智能体设置…</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>&amp;Write these changes</source>
        <translation>写入这些更改(&amp;W)</translation>
    </message>
    <message>
        <source>Check again and run the &amp;hook</source>
        <translation>重新检查并运行钩子(&amp;H)</translation>
    </message>
    <message>
        <source>Running the registered hook on a sample prompt…</source>
        <translation>正在用示例提示运行已注册的钩子…</translation>
    </message>
    <message>
        <source>Looking…</source>
        <translation>正在查看…</translation>
    </message>
    <message>
        <source>{agent} · {kind} ({scope}): reaches {place}</source>
        <translation>{agent} · {kind}（{scope}）：访问 {place}</translation>
    </message>
    <message>
        <source>did not answer in time</source>
        <translation>未及时响应</translation>
    </message>
    <message>
        <source>exit {code}</source>
        <translation>退出码 {code}</translation>
    </message>
    <message>
        <source>The registered hook ran: {result} in {seconds} s, {count} characters for the agent</source>
        <translation>已注册的钩子已运行：{result}，用时 {seconds} 秒，为智能体提供了 {count} 个字符</translation>
    </message>
    <message>
        <source>Enforced at the tool call: {rule} for {agent} since {date}, {count} calls denied</source>
        <translation>在工具调用时强制执行：{agent} 的 {rule}，自 {date} 起，已拒绝 {count} 次调用</translation>
    </message>
    <message>
        <source>Every agent reaches this store.</source>
        <translation>每个智能体都能访问此存储。</translation>
    </message>
    <message>
        <source>{agent} has no entry of this install: nothing to remove.</source>
        <translation>{agent} 中没有此安装的条目：无需移除。</translation>
    </message>
    <message>
        <source>{agent} is already connected to this store: nothing to change.</source>
        <translation>{agent} 已连接到此存储：无需更改。</translation>
    </message>
    <message>
        <source>Removing {agent} changes {files} as below (a backup of each is kept beside it). Nothing is written until you say so.</source>
        <translation>移除 {agent} 会按如下方式更改 {files}（每个文件旁都会保留一份备份）。在你确认之前不会写入任何内容。</translation>
    </message>
    <message>
        <source>Connecting {agent} changes {files} as below (a backup of each is kept beside it). Nothing is written until you say so.</source>
        <translation>连接 {agent} 会按如下方式更改 {files}（每个文件旁都会保留一份备份）。在你确认之前不会写入任何内容。</translation>
    </message>
    <message>
        <source>Written.</source>
        <translation>已写入。</translation>
    </message>
    <message>
        <source>Backups: {files}</source>
        <translation>备份：{files}</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open the file yourself</source>
        <translation>请自行打开文件</translation>
    </message>
    <message>
        <source>No editor could be started for this file. It is at:

{path}

Set $VISUAL or $EDITOR, or a default application for Markdown files, to open files from here.</source>
        <translation>无法为此文件启动任何编辑器。它位于：

{path}

请设置 $VISUAL 或 $EDITOR，或为 Markdown 文件设置默认应用程序，以便从这里打开文件。</translation>
    </message>
    <message>
        <source>&amp;Copy path and close</source>
        <translation>复制路径并关闭(&amp;C)</translation>
    </message>
    <message>
        <source>Reading the facts</source>
        <translation>正在读取事实</translation>
    </message>
    <message>
        <source>the store is not open</source>
        <translation>存储尚未打开</translation>
    </message>
    <message>
        <source>**Suggested:** {why}</source>
        <translation>**建议理由：** {why}</translation>
    </message>
    <message>
        <source>**How to apply:** {how}</source>
        <translation>**如何应用：** {how}</translation>
    </message>
    <message>
        <source>{source} session `{session}` at {time}: “{text}”</source>
        <translation>{source} 会话 `{session}`，{time}：“{text}”</translation>
    </message>
    <message>
        <source>unknown time</source>
        <translation>未知时间</translation>
    </message>
    <message>
        <source>[Open at line {line}]({link})</source>
        <translation>[在第 {line} 行打开]({link})</translation>
    </message>
    <message>
        <source>[Open]({link})</source>
        <translation>[打开]({link})</translation>
    </message>
    <message>
        <source>### Cited code: {state}</source>
        <translation>### 引用的代码：{state}</translation>
    </message>
    <message>
        <source>commit `{commit}` by **{author}** on {date}</source>
        <translation>由 **{author}** 于 {date} 提交 `{commit}`</translation>
    </message>
    <message>
        <source>Verify the fact once it is right again (it records the code as it is now); Edit it, or Forget it.</source>
        <translation>事实重新正确后请核实它（这会记录代码的当前状态）；或者编辑它，或遗忘它。</translation>
    </message>
    <message>
        <source>(proposed from what it says: `{key}` — [Use it]({link}))</source>
        <translation>(根据内容建议：`{key}` — [采用]({link}))</translation>
    </message>
    <message>
        <source>Overridden by {ref} ({why}): the {scope} fact answers the same question and comes first (project, then team, then global), so agents get that one; this global fact stays for other projects.</source>
        <translation>被 {ref} 覆盖（{why}）：{scope}范围的事实回答同一个问题且优先（先项目，再团队，最后全局），所以智能体拿到的是那一条；这条全局事实留给其他项目使用。</translation>
    </message>
    <message>
        <source>Overridden by {ref} ({why}): the {scope} fact answers the same question and comes first (project, then team, then global), so agents get that one; this team fact stays in the repository for the others.</source>
        <translation>被 {ref} 覆盖（{why}）：{scope}范围的事实回答同一个问题且优先（先项目，再团队，最后全局），所以智能体拿到的是那一条；这条团队事实仍留在仓库中供其他人使用。</translation>
    </message>
    <message>
        <source>Overridden by {ref} ({why}): the {scope} fact answers the same question and comes first (project, then team, then global), so agents get that one; it stays.</source>
        <translation>被 {ref} 覆盖（{why}）：{scope}范围的事实回答同一个问题且优先（先项目，再团队，最后全局），所以智能体拿到的是那一条；这条事实仍然保留。</translation>
    </message>
    <message>
        <source>same subject</source>
        <translation>主题相同</translation>
    </message>
    <message>
        <source>same id</source>
        <translation>id 相同</translation>
    </message>
    <message>
        <source>same name</source>
        <translation>名称相同</translation>
    </message>
    <message>
        <source>same question</source>
        <translation>问题相同</translation>
    </message>
    <message>
        <source>**Sync conflict**: another machine changed this fact too; settle it with Sync ▸ Conflicts (keep mine, keep theirs, or edit).</source>
        <translation>**同步冲突**：另一台机器也更改了这条事实；请通过“同步 ▸ 冲突”解决（保留我的、保留对方的，或编辑）。</translation>
    </message>
    <message>
        <source>**Team fact** (in the repository): {note}.</source>
        <translation>**团队事实**（位于仓库中）：{note}。</translation>
    </message>
    <message>
        <source>last changed by **{author}** on {date} (commit `{commit}`: {message})</source>
        <translation>最后由 **{author}** 于 {date} 更改（提交 `{commit}`：{message}）</translation>
    </message>
    <message>
        <source>never committed</source>
        <translation>从未提交</translation>
    </message>
    <message>
        <source>**Team fact**, committed with the code: {last}.</source>
        <translation>**团队事实**，与代码一起提交：{last}。</translation>
    </message>
    <message>
        <source>**Uncommitted changes** in the work tree: commit them to share them.</source>
        <translation>工作树中有**未提交的更改**：提交后即可共享。</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>引用名</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>标识</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>激活方式</translation>
    </message>
    <message>
        <source>Freshness</source>
        <translation>新鲜度</translation>
    </message>
    <message>
        <source>Volatility</source>
        <translation>易变性</translation>
    </message>
    <message>
        <source>by type</source>
        <translation>按类型</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>过期时间</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>Last verified</source>
        <translation>最近核实</translation>
    </message>
    <message>
        <source>Only in</source>
        <translation>仅限</translation>
    </message>
    <message>
        <source>every worktree and branch</source>
        <translation>所有工作树和分支</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>Edit fact</source>
        <translation>编辑事实</translation>
    </message>
    <message>
        <source>New fact</source>
        <translation>新建事实</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>标题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>名称(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Description</source>
        <translation>描述(&amp;D)</translation>
    </message>
    <message>
        <source>T&amp;ype</source>
        <translation>类型(&amp;Y)</translation>
    </message>
    <message>
        <source>&amp;Scope</source>
        <translation>范围(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Keywords</source>
        <translation>关键词(&amp;K)</translation>
    </message>
    <message>
        <source>Su&amp;bject key</source>
        <translation>主题键(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Activation</source>
        <translation>激活方式(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Volatility</source>
        <translation>易变性(&amp;V)</translation>
    </message>
    <message>
        <source>E&amp;xpires</source>
        <translation>过期时间(&amp;X)</translation>
    </message>
    <message>
        <source>Only in &amp;worktree</source>
        <translation>仅限工作树(&amp;W)</translation>
    </message>
    <message>
        <source>Only on b&amp;ranch</source>
        <translation>仅限分支(&amp;R)</translation>
    </message>
    <message>
        <source>(by type)</source>
        <translation>（按类型）</translation>
    </message>
    <message>
        <source>file name; from the title when empty</source>
        <translation>文件名；留空时由标题生成</translation>
    </message>
    <message>
        <source>aliases and translations, space separated</source>
        <translation>别名和译名，用空格分隔</translation>
    </message>
    <message>
        <source>e.g. project.package_manager</source>
        <translation>例如 project.package_manager</translation>
    </message>
    <message>
        <source>YYYY-MM-DD, RFC 3339, or empty</source>
        <translation>YYYY-MM-DD、RFC 3339 或留空</translation>
    </message>
    <message>
        <source>a worktree&apos;s name (main: the main checkout); empty: every worktree</source>
        <translation>工作树名称（main：主检出）；留空：所有工作树</translation>
    </message>
    <message>
        <source>a branch glob such as release/*; empty: every branch</source>
        <translation>分支通配模式，例如 release/*；留空：所有分支</translation>
    </message>
    <message>
        <source>Keeps the fact to one task: it is recalled, searched by agents and pinned only there, and listed everywhere with its limit</source>
        <translation>将事实限定于一项任务：只在那里被召回、被智能体搜索和固定，并在各处列出时注明其限定</translation>
    </message>
    <message>
        <source>The fact, in Markdown</source>
        <translation>事实内容，使用 Markdown</translation>
    </message>
    <message>
        <source>B&amp;ody</source>
        <translation>正文(&amp;O)</translation>
    </message>
    <message>
        <source>One per line, from the workspace: src/app.py, src/app.py:10-20, src/app.py#main, docs/ — checked before the fact is recalled</source>
        <translation>每行一个，相对于工作区：src/app.py、src/app.py:10-20、src/app.py#main、docs/ — 召回该事实前会先检查</translation>
    </message>
    <message>
        <source>Cites &amp;code</source>
        <translation>引用代码(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Reload the current revision</source>
        <translation>重新加载当前修订版(&amp;R)</translation>
    </message>
    <message>
        <source>Save (Ctrl+Return)</source>
        <translation>保存（Ctrl+Return）</translation>
    </message>
    <message>
        <source>What you had typed, kept after reloading the newer revision: copy what you need</source>
        <translation>你之前输入的内容，在重新加载较新的修订版后保留：复制你需要的部分</translation>
    </message>
    <message>
        <source>Your version (not saved):</source>
        <translation>你的版本（未保存）：</translation>
    </message>
    <message>
        <source>Saved as {path}</source>
        <translation>保存为 {path}</translation>
    </message>
    <message>
        <source>Pinned facts: {total} of {budget} characters</source>
        <translation>固定的事实：{total} / {budget} 个字符</translation>
    </message>
    <message>
        <source>over the budget: shorten this body or unpin another fact</source>
        <translation>超出预算：请缩短此正文，或取消固定另一条事实</translation>
    </message>
    <message>
        <source>The text names code in this workspace: {refs}. &lt;a href=&quot;add&quot;&gt;Cite it&lt;/a&gt; (checked before the fact is recalled)</source>
        <translation>文本提到了此工作区中的代码：{refs}。&lt;a href=&quot;add&quot;&gt;引用它&lt;/a&gt;（召回该事实前会先检查）</translation>
    </message>
    <message>
        <source>The store could not be written: {error}</source>
        <translation>无法写入存储：{error}</translation>
    </message>
    <message>
        <source>Edit the holder instead, or choose another subject key.</source>
        <translation>请改为编辑占用者，或选择另一个主题键。</translation>
    </message>
    <message>
        <source>Set activation to relevant, or unpin another fact.</source>
        <translation>请将激活方式设为按需，或取消固定另一条事实。</translation>
    </message>
    <message>
        <source>Choose another name.</source>
        <translation>请选择另一个名称。</translation>
    </message>
    <message>
        <source>Someone changed this fact since you opened it.</source>
        <translation>自你打开以来，有人更改了这条事实。</translation>
    </message>
    <message>
        <source>&lt;a href=&quot;holder&quot;&gt;Open {ref}&lt;/a&gt;, the fact holding it</source>
        <translation>&lt;a href=&quot;holder&quot;&gt;打开 {ref}&lt;/a&gt;，即占用它的事实</translation>
    </message>
    <message>
        <source>Discard changes?</source>
        <translation>放弃更改？</translation>
    </message>
    <message>
        <source>You changed this fact. Discard your changes?</source>
        <translation>你更改了这条事实。要放弃你的更改吗？</translation>
    </message>
    <message>
        <source>Discard changes</source>
        <translation>放弃更改</translation>
    </message>
    <message>
        <source>Keep editing</source>
        <translation>继续编辑</translation>
    </message>
    <message>
        <source>(no difference)</source>
        <translation>（没有差异）</translation>
    </message>
    <message>
        <source>History of {ref}</source>
        <translation>{ref} 的历史</translation>
    </message>
    <message>
        <source>Uncommitted change</source>
        <translation>未提交的更改</translation>
    </message>
    <message>
        <source>Commit {commit}</source>
        <translation>提交 {commit}</translation>
    </message>
    <message>
        <source>The file (not in git)</source>
        <translation>该文件（不在 git 中）</translation>
    </message>
    <message>
        <source>(active)</source>
        <translation>（当前生效）</translation>
    </message>
    <message>
        <source>Revision {number}</source>
        <translation>修订版 {number}</translation>
    </message>
    <message>
        <source>Compare with the active revision</source>
        <translation>与当前生效的修订版比较</translation>
    </message>
    <message>
        <source>Compare with the revision before it</source>
        <translation>与它之前的修订版比较</translation>
    </message>
    <message>
        <source>&amp;Restore this revision</source>
        <translation>恢复此修订版(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Purge secrets…</source>
        <translation>清除密钥(&amp;P)…</translation>
    </message>
    <message>
        <source>Mask every secret in this fact&apos;s file, its revisions and its archive entries, in place (the one rewrite history allows)</source>
        <translation>就地遮盖这条事实的文件、其各修订版及其归档条目中的所有密钥（历史唯一允许的改写）</translation>
    </message>
    <message>
        <source>Restore copies the chosen revision, its verification date included, into a new revision; nothing is rewound and freshness counts from the restore.</source>
        <translation>恢复会把所选修订版（包括其核实日期）复制为一个新的修订版；不会回退任何内容，新鲜度从恢复时起计算。</translation>
    </message>
    <message>
        <source>revision {number}</source>
        <translation>修订版 {number}</translation>
    </message>
    <message>
        <source>revision {number} (active)</source>
        <translation>修订版 {number}（当前生效）</translation>
    </message>
    <message>
        <source>(nothing)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>revision {number}, the first kept</source>
        <translation>修订版 {number}，保留的最早一个</translation>
    </message>
    <message>
        <source>Restored revision {number} of {ref} as revision {revision}</source>
        <translation>已将 {ref} 的修订版 {number} 恢复为修订版 {revision}</translation>
    </message>
    <message>
        <source>Purge secrets from history</source>
        <translation>从历史中清除密钥</translation>
    </message>
    <message>
        <source>Mask every secret found in {ref}, in each of its revisions and in its archive entries? The files are rewritten in place; the masked values cannot be brought back.</source>
        <translation>要遮盖在 {ref}、其每个修订版及其归档条目中找到的所有密钥吗？文件会被就地重写；被遮盖的值将无法找回。</translation>
    </message>
    <message>
        <source>Purge</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Masked {kinds} in {count} file(s) of {ref}</source>
        <translation>已遮盖 {ref} 的 {count} 个文件中的 {kinds}</translation>
    </message>
    <message>
        <source>No secret found in {ref}, its revisions or its archive entries</source>
        <translation>在 {ref}、其修订版或其归档条目中未找到密钥</translation>
    </message>
    <message>
        <source>purge the secrets</source>
        <translation>清除密钥</translation>
    </message>
    <message>
        <source>restore the revision</source>
        <translation>恢复该修订版</translation>
    </message>
    <message>
        <source>Subject {subject} is held by {count} {scope} facts: {refs} — keep one, edit or forget the others</source>
        <translation>主题 {subject} 被 {count} 条{scope}事实占用：{refs} — 请保留一条，编辑或遗忘其他的</translation>
    </message>
    <message>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>feedback</source>
        <translation>反馈</translation>
    </message>
    <message>
        <source>project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>参考</translation>
    </message>
    <message>
        <source>team</source>
        <translation>团队</translation>
    </message>
    <message>
        <source>global</source>
        <translation>全局</translation>
    </message>
    <message>
        <source>relevant</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>evergreen</source>
        <translation>长期有效</translation>
    </message>
    <message>
        <source>stable</source>
        <translation>稳定</translation>
    </message>
    <message>
        <source>volatile</source>
        <translation>易变</translation>
    </message>
    <message>
        <source>fresh</source>
        <translation>新鲜</translation>
    </message>
    <message>
        <source>current</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>stale</source>
        <translation>过时</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>grounded</source>
        <translation>有依据</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已变更</translation>
    </message>
    <message>
        <source>broken</source>
        <translation>失效</translation>
    </message>
    <message>
        <source>unverified</source>
        <translation>未核实</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>moved</source>
        <translation>已移动</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <source>worktree {name}</source>
        <translation>工作树 {name}</translation>
    </message>
    <message>
        <source>branch {name}</source>
        <translation>分支 {name}</translation>
    </message>
    <message>
        <source>not in git</source>
        <translation>不在 git 中</translation>
    </message>
    <message>
        <source>{last} · uncommitted</source>
        <translation>{last} · 未提交</translation>
    </message>
    <message>
        <source>{label}  [only {limit}]</source>
        <translation>{label}  [仅限 {limit}]</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Rev</source>
        <translation>修订</translation>
    </message>
    <message>
        <source>Grounding</source>
        <translation>代码依据</translation>
    </message>
    <message>
        <source>Last commit</source>
        <translation>最近提交</translation>
    </message>
    <message>
        <source>Overridden by {ref}</source>
        <translation>被 {ref} 覆盖</translation>
    </message>
    <message>
        <source>Changed in the work tree, not committed yet</source>
        <translation>已在工作树中更改，尚未提交</translation>
    </message>
    <message>
        <source>A sync conflict waits to be settled (Sync ▸ Conflicts)</source>
        <translation>有一个同步冲突等待解决（同步 ▸ 冲突）</translation>
    </message>
    <message>
        <source>Its cited code: {ref}: {detail}</source>
        <translation>它引用的代码：{ref}：{detail}</translation>
    </message>
    <message>
        <source>Search facts (Ctrl+F)</source>
        <translation>搜索事实（Ctrl+F）</translation>
    </message>
    <message>
        <source>Any scope</source>
        <translation>任意范围</translation>
    </message>
    <message>
        <source>Any type</source>
        <translation>任意类型</translation>
    </message>
    <message>
        <source>Any activation</source>
        <translation>任意激活方式</translation>
    </message>
    <message>
        <source>Any freshness</source>
        <translation>任意新鲜度</translation>
    </message>
    <message>
        <source>Any grounding</source>
        <translation>任意代码依据</translation>
    </message>
    <message>
        <source>&amp;New fact</source>
        <translation>新建事实(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Pin</source>
        <translation>固定(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Verify</source>
        <translation>核实(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>历史(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Move to global</source>
        <translation>移到全局(&amp;M)</translation>
    </message>
    <message>
        <source>Share with &amp;team</source>
        <translation>与团队共享(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Forget…</source>
        <translation>遗忘(&amp;F)…</translation>
    </message>
    <message>
        <source>No fact matches the search and filters. &lt;a href=&quot;clear&quot;&gt;Clear them&lt;/a&gt;</source>
        <translation>没有与搜索和筛选条件匹配的事实。&lt;a href=&quot;clear&quot;&gt;清除它们&lt;/a&gt;</translation>
    </message>
    <message>
        <source>E&amp;dit</source>
        <translation>编辑(&amp;D)</translation>
    </message>
    <message>
        <source>
&lt;h2&gt;Welcome to Context Center&lt;/h2&gt;
&lt;p&gt;Context Center shows and steers what coding agents are told and what they remember.&lt;/p&gt;
&lt;ul&gt;
&lt;li&gt;&lt;b&gt;Overview&lt;/b&gt; — what the store holds at a glance, and what needs you: each count goes to the tab that acts
on it.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Facts&lt;/b&gt; — background memory: short Markdown notes that agents may recall when relevant,
in this project or globally. Pin a few to send them at the start of every session.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Instructions&lt;/b&gt; — the standing rules agents load every turn (REASONIX.md, AGENTS.md, CLAUDE.md),
in load order, with imports and problems.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Recall&lt;/b&gt; — type a message and see exactly which facts would be appended to it, and why.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Archive&lt;/b&gt; — forgotten facts, ready to recover.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Suggestions&lt;/b&gt; — memories your agents wrote that wait for you, and things you told your agents (in
Claude Code or Codex sessions of this project) that may be worth remembering; none reaches your agents until you
accept it.&lt;/li&gt;
&lt;li&gt;&lt;b&gt;Review&lt;/b&gt; — duplicates, contradictions and stale or broken facts, each with a proposed fix that changes
nothing until you apply it (and Undo takes it back).&lt;/li&gt;
&lt;/ul&gt;
&lt;p&gt;To begin, add a first fact: a decision, a constraint, a link that an agent should know about this project.
Press &lt;b&gt;Ctrl+N&lt;/b&gt; or the button below. Then connect your agents (&lt;b&gt;Ctrl+Shift+K&lt;/b&gt;): Claude Code&apos;s hooks
and the MCP server for Claude Code and Codex, pinned to the store this window shows.&lt;/p&gt;
</source>
        <translation>
&lt;h2&gt;欢迎使用 Context Center&lt;/h2&gt;
&lt;p&gt;Context Center 展示并引导编码智能体被告知的内容以及它们记住的内容。&lt;/p&gt;
&lt;ul&gt;
&lt;li&gt;&lt;b&gt;概览&lt;/b&gt; — 一眼看清存储中有什么、哪些需要你处理：每个计数都通向处理它的标签页。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;事实&lt;/b&gt; — 背景记忆：简短的 Markdown 笔记，智能体可在相关时召回，作用于此项目或全局。固定其中几条，即可在每个会话开始时发送给智能体。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;指令&lt;/b&gt; — 智能体每轮都会加载的常驻规则（REASONIX.md、AGENTS.md、CLAUDE.md），按加载顺序列出，并显示导入和问题。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;召回&lt;/b&gt; — 输入一条消息，准确查看哪些事实会被附加到它后面，以及原因。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;归档&lt;/b&gt; — 已遗忘的事实，随时可以恢复。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;建议&lt;/b&gt; — 你的智能体写下、正等你处理的记忆，以及你对智能体说过、可能值得记住的内容（来自此项目的 Claude Code 或 Codex 会话）；在你接受之前，它们都不会到达你的智能体。&lt;/li&gt;
&lt;li&gt;&lt;b&gt;审阅&lt;/b&gt; — 重复、矛盾以及过时或失效的事实，每项都附有建议的修复；在你应用之前不会改变任何内容（撤销可以收回）。&lt;/li&gt;
&lt;/ul&gt;
&lt;p&gt;首先，添加第一条事实：智能体应当了解的关于此项目的一项决策、一条约束或一个链接。按 &lt;b&gt;Ctrl+N&lt;/b&gt; 或下方的按钮。然后连接你的智能体（&lt;b&gt;Ctrl+Shift+K&lt;/b&gt;）：Claude Code 的钩子，以及供 Claude Code 和 Codex 使用的 MCP 服务器，都固定到此窗口显示的存储。&lt;/p&gt;
</translation>
    </message>
    <message>
        <source>H&amp;istory</source>
        <translation>历史(&amp;I)</translation>
    </message>
    <message>
        <source>F&amp;orget…</source>
        <translation>遗忘(&amp;O)…</translation>
    </message>
    <message>
        <source>Add your fi&amp;rst fact</source>
        <translation>添加第一条事实(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Connect your agents…</source>
        <translation>连接你的智能体(&amp;C)…</translation>
    </message>
    <message>
        <source>Reading the facts…</source>
        <translation>正在读取事实…</translation>
    </message>
    <message>
        <source>Edit the fact under the cursor</source>
        <translation>编辑光标所在的事实</translation>
    </message>
    <message>
        <source>load the facts</source>
        <translation>加载事实</translation>
    </message>
    <message>
        <source>Double-click to open the file at this line</source>
        <translation>双击可在此行打开该文件</translation>
    </message>
    <message>
        <source>{ref}: the code it cites is gone; recall holds it back</source>
        <translation>{ref}：它引用的代码已不存在；召回时会暂不提供它</translation>
    </message>
    <message>
        <source>Double-click to see what it cites and what removed it: verify, edit or forget it</source>
        <translation>双击查看它引用了什么、是什么删除了它：核实、编辑或遗忘它</translation>
    </message>
    <message>
        <source>&lt;b&gt;1 problem in the facts&lt;/b&gt; — double-click one to open it</source>
        <translation>&lt;b&gt;事实中有 1 个问题&lt;/b&gt; — 双击即可打开</translation>
    </message>
    <message>
        <source>&lt;b&gt;{count} problems in the facts&lt;/b&gt; — double-click one to open it</source>
        <translation>&lt;b&gt;事实中有 {count} 个问题&lt;/b&gt; — 双击其中一个即可打开</translation>
    </message>
    <message>
        <source>1 memory from an agent waits in Suggestions — &lt;a href=&quot;review&quot;&gt;review it&lt;/a&gt;</source>
        <translation>有 1 条来自智能体的记忆在“建议”中等待 — &lt;a href=&quot;review&quot;&gt;审阅它&lt;/a&gt;</translation>
    </message>
    <message>
        <source>{count} memories from agents wait in Suggestions — &lt;a href=&quot;review&quot;&gt;review them&lt;/a&gt;</source>
        <translation>有 {count} 条来自智能体的记忆在“建议”中等待 — &lt;a href=&quot;review&quot;&gt;审阅它们&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Set the subject key of {ref} (revision {revision})</source>
        <translation>设置 {ref} 的主题键（修订版 {revision}）</translation>
    </message>
    <message>
        <source>set the subject key</source>
        <translation>设置主题键</translation>
    </message>
    <message>
        <source>**Rewritten by another tool**: the last save dropped {keys} (kept in the revision before). [Restore the lost keys]({link})</source>
        <translation>**已被其他工具改写**：上次保存丢弃了 {keys}（保留在之前的修订版中）。[恢复丢失的键]({link})</translation>
    </message>
    <message>
        <source>Restored the keys of {ref} (revision {revision})</source>
        <translation>已恢复 {ref} 的键（修订版 {revision}）</translation>
    </message>
    <message>
        <source>restore the lost keys</source>
        <translation>恢复丢失的键</translation>
    </message>
    <message>
        <source>Copy this personal fact into the team scope (the repository&apos;s .context-center/memory), as an uncommitted change to review and commit; yours is kept, and overrides the copy until you remove it (Ctrl+Shift+T)</source>
        <translation>将这条个人事实复制到团队范围（仓库的 .context-center/memory），作为一项未提交的更改供审阅和提交；你的这条会保留，并在你删除它之前覆盖该副本（Ctrl+Shift+T）</translation>
    </message>
    <message>
        <source>Un&amp;pin</source>
        <translation>取消固定(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Move to project</source>
        <translation>移到项目(&amp;M)</translation>
    </message>
    <message>
        <source>1 fact</source>
        <translation>1 条事实</translation>
    </message>
    <message>
        <source>{total} facts</source>
        <translation>{total} 条事实</translation>
    </message>
    <message>
        <source>{shown} of 1 fact</source>
        <translation>{shown} / 1 条事实</translation>
    </message>
    <message>
        <source>{shown} of {total} facts</source>
        <translation>{shown} / {total} 条事实</translation>
    </message>
    <message>
        <source>The file says what this form cannot keep; saving drops it:</source>
        <translation>文件中有此表单无法保留的内容；保存会丢弃它：</translation>
    </message>
    <message>
        <source>Saved {ref} (revision {revision})</source>
        <translation>已保存 {ref}（修订版 {revision}）</translation>
    </message>
    <message>
        <source>{ref} unchanged (revision {revision})</source>
        <translation>{ref} 未更改（修订版 {revision}）</translation>
    </message>
    <message>
        <source>Undone: {ref} holds revision {before}&apos;s text again (revision {revision})</source>
        <translation>已撤销：{ref} 恢复为修订版 {before} 的文本（修订版 {revision}）</translation>
    </message>
    <message>
        <source>undo the edit</source>
        <translation>撤销编辑</translation>
    </message>
    <message>
        <source>Unpinned {ref} (revision {revision})</source>
        <translation>已取消固定 {ref}（修订版 {revision}）</translation>
    </message>
    <message>
        <source>unpin the fact</source>
        <translation>取消固定该事实</translation>
    </message>
    <message>
        <source>Pinned {ref} (revision {revision})</source>
        <translation>已固定 {ref}（修订版 {revision}）</translation>
    </message>
    <message>
        <source>pin the fact</source>
        <translation>固定该事实</translation>
    </message>
    <message>
        <source>move the fact to the global scope</source>
        <translation>将该事实移到全局范围</translation>
    </message>
    <message>
        <source>move the fact to the project scope</source>
        <translation>将该事实移到项目范围</translation>
    </message>
    <message>
        <source>Moved to {ref} (revision {revision})</source>
        <translation>已移到 {ref}（修订版 {revision}）</translation>
    </message>
    <message>
        <source>Shared with the team (uncommitted): {ref} (revision {revision})</source>
        <translation>已与团队共享（未提交）：{ref}（修订版 {revision}）</translation>
    </message>
    <message>
        <source>share the fact with the team</source>
        <translation>与团队共享该事实</translation>
    </message>
    <message>
        <source>Verify fact</source>
        <translation>核实事实</translation>
    </message>
    <message>
        <source>Verifying rewrites {ref} without what its file says that is not valid:</source>
        <translation>核实会重写 {ref}，并去掉其文件中以下无效的内容：</translation>
    </message>
    <message>
        <source>Edit it instead to keep a valid value.</source>
        <translation>若要保留有效的值，请改为编辑它。</translation>
    </message>
    <message>
        <source>Verify and drop</source>
        <translation>核实并丢弃</translation>
    </message>
    <message>
        <source>Verified {ref} (revision {revision})</source>
        <translation>已核实 {ref}（修订版 {revision}）</translation>
    </message>
    <message>
        <source>verify the fact</source>
        <translation>核实该事实</translation>
    </message>
    <message>
        <source>Forget fact</source>
        <translation>遗忘事实</translation>
    </message>
    <message>
        <source>Move {ref} to the archive?

“{label}”

Agents will no longer recall it. You can recover it from the Archive tab.</source>
        <translation>将 {ref} 移到归档？

“{label}”

智能体将不再召回它。你可以在“归档”标签页中恢复它。</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>遗忘</translation>
    </message>
    <message>
        <source>Archived {path}</source>
        <translation>已归档 {path}</translation>
    </message>
    <message>
        <source>forget the fact</source>
        <translation>遗忘该事实</translation>
    </message>
    <message>
        <source>Recovered {ref} (revision {revision})</source>
        <translation>已恢复 {ref}（修订版 {revision}）</translation>
    </message>
    <message>
        <source>undo the forget</source>
        <translation>撤销遗忘</translation>
    </message>
    <message>
        <source>read the history</source>
        <translation>读取历史</translation>
    </message>
    <message>
        <source>to import</source>
        <translation>待导入</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>已导入</translation>
    </message>
    <message>
        <source>Import from another agent</source>
        <translation>从其他智能体导入</translation>
    </message>
    <message>
        <source>Every memory found lands as a suggestion in the Suggestions tab (From agents), where you promote or delete it; nothing is recalled before that. Secrets are never imported, memories that say what a fact already says are not imported twice, and importing again adds nothing.</source>
        <translation>找到的每条记忆都会作为建议出现在“建议”标签页（来自智能体）中，由你提升或删除；在此之前不会被召回。机密信息永远不会被导入，与已有事实内容相同的记忆不会重复导入，再次导入也不会新增任何内容。</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Why skipped</source>
        <translation>跳过原因</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Source:</source>
        <translation>来源(&amp;S)：</translation>
    </message>
    <message>
        <source>Looking for {source} memories…</source>
        <translation>正在查找 {source} 的记忆…</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>正在导入…</translation>
    </message>
    <message>
        <source>{count} imported</source>
        <translation>已导入 {count} 条</translation>
    </message>
    <message>
        <source>{count} to import</source>
        <translation>{count} 条待导入</translation>
    </message>
    <message>
        <source>{count} flagged as possible duplicates</source>
        <translation>{count} 条被标记为可能重复</translation>
    </message>
    <message>
        <source>{count} skipped</source>
        <translation>已跳过 {count} 条</translation>
    </message>
    <message>
        <source>{source}: {found} found in {location} — {counts}.</source>
        <translation>{source}：在 {location} 中找到 {found} 条 — {counts}。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>Skipped ({count})</source>
        <translation>已跳过（{count}）</translation>
    </message>
    <message>
        <source>{status} (possible duplicate of {name})</source>
        <translation>{status}（可能与 {name} 重复）</translation>
    </message>
    <message>
        <source>Imported {count} as suggestions to review: see the Suggestions tab (From agents) to promote or delete them.</source>
        <translation>已导入 {count} 条待审阅的建议：请在“建议”标签页（来自智能体）中提升或删除它们。</translation>
    </message>
    <message>
        <source>the index process exited with code {code}</source>
        <translation>索引进程以代码 {code} 退出</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Bytes received</source>
        <translation>收到的字节数</translation>
    </message>
    <message>
        <source>≈ Tokens</source>
        <translation>≈ Token</translation>
    </message>
    <message>
        <source>Against the limit</source>
        <translation>对照上限</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>已加载</translation>
    </message>
    <message>
        <source>CUT</source>
        <translation>截断</translation>
    </message>
    <message>
        <source>DROPPED</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>on demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>truncated</source>
        <translation>已截断</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>已丢弃</translation>
    </message>
    <message>
        <source>the state root&apos;s file: your rules for every workspace</source>
        <translation>状态根目录中的文件：适用于每个工作区的规则</translation>
    </message>
    <message>
        <source>the workspace root&apos;s file</source>
        <translation>工作区根目录中的文件</translation>
    </message>
    <message>
        <source>a folder between the workspace root and the target</source>
        <translation>工作区根目录与目标之间的文件夹</translation>
    </message>
    <message>
        <source>a personal .local.md file (not committed)</source>
        <translation>个人的 .local.md 文件（不提交）</translation>
    </message>
    <message>
        <source>imported into {file}</source>
        <translation>被导入到 {file}</translation>
    </message>
    <message>
        <source>managed policy: loaded for every user, cannot be excluded</source>
        <translation>托管策略：对每个用户加载，不能排除</translation>
    </message>
    <message>
        <source>your instructions for every project</source>
        <translation>适用于每个项目的说明</translation>
    </message>
    <message>
        <source>the folder Claude Code runs in</source>
        <translation>Claude Code 运行所在的文件夹</translation>
    </message>
    <message>
        <source>a folder above cwd</source>
        <translation>当前目录之上的文件夹</translation>
    </message>
    <message>
        <source>personal notes (the folder Claude Code runs in, not committed)</source>
        <translation>个人笔记（Claude Code 运行所在的文件夹，不提交）</translation>
    </message>
    <message>
        <source>personal notes (a folder above cwd, not committed)</source>
        <translation>个人笔记（当前目录之上的文件夹，不提交）</translation>
    </message>
    <message>
        <source>loaded when Claude reads a file in {folder}</source>
        <translation>Claude 读取 {folder} 中的文件时加载</translation>
    </message>
    <message>
        <source>imported by {file} (line {line}: @{token})</source>
        <translation>由 {file} 导入（第 {line} 行：@{token}）</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>空文件</translation>
    </message>
    <message>
        <source>Codex&apos;s global instructions ($CODEX_HOME)</source>
        <translation>Codex 的全局说明（$CODEX_HOME）</translation>
    </message>
    <message>
        <source>the project root&apos;s file</source>
        <translation>项目根目录中的文件</translation>
    </message>
    <message>
        <source>a folder between the project root and cwd</source>
        <translation>项目根目录与当前目录之间的文件夹</translation>
    </message>
    <message>
        <source>the folder Codex runs in</source>
        <translation>Codex 运行所在的文件夹</translation>
    </message>
    <message>
        <source>Codex reads one file per folder; {first} comes first ({names})</source>
        <translation>Codex 每个文件夹只读取一个文件；{first} 优先（{names}）</translation>
    </message>
    <message>
        <source>empty: Codex leaves it out</source>
        <translation>空文件：Codex 不读取</translation>
    </message>
    <message>
        <source>your instructions for every repository</source>
        <translation>适用于每个仓库的说明</translation>
    </message>
    <message>
        <source>repository-wide instructions: every request</source>
        <translation>整个仓库的说明：每次请求</translation>
    </message>
    <message>
        <source>{name} at the repository&apos;s root (the coding agent reads it)</source>
        <translation>仓库根目录中的 {name}（编码代理会读取）</translation>
    </message>
    <message>
        <source>AGENTS.md between the root and the folder Copilot works in</source>
        <translation>根目录与 Copilot 工作所在文件夹之间的 AGENTS.md</translation>
    </message>
    <message>
        <source>read when Copilot works on a file in {folder}</source>
        <translation>Copilot 处理 {folder} 中的文件时读取</translation>
    </message>
    <message>
        <source>your context for every project</source>
        <translation>适用于每个项目的上下文</translation>
    </message>
    <message>
        <source>the project&apos;s root</source>
        <translation>项目根目录</translation>
    </message>
    <message>
        <source>a folder between the root and cwd</source>
        <translation>根目录与当前目录之间的文件夹</translation>
    </message>
    <message>
        <source>read when a tool touches a file in {folder}</source>
        <translation>工具访问 {folder} 中的文件时读取</translation>
    </message>
    <message>
        <source>AGENTS.md at the workspace&apos;s root: every request</source>
        <translation>工作区根目录中的 AGENTS.md：每次请求</translation>
    </message>
    <message>
        <source>the deprecated single rules file, still read on every request</source>
        <translation>已弃用的单一规则文件，每次请求仍会读取</translation>
    </message>
    <message>
        <source>alwaysApply: true — every request</source>
        <translation>alwaysApply: true — 每次请求</translation>
    </message>
    <message>
        <source>read for files in {folder}</source>
        <translation>处理 {folder} 中的文件时读取</translation>
    </message>
    <message>
        <source>global rules: every conversation in every workspace</source>
        <translation>全局规则：每个工作区的每次对话</translation>
    </message>
    <message>
        <source>AGENTS.md at the workspace&apos;s root: every conversation</source>
        <translation>工作区根目录中的 AGENTS.md：每次对话</translation>
    </message>
    <message>
        <source>the older single rules file: every conversation</source>
        <translation>旧的单一规则文件：每次对话</translation>
    </message>
    <message>
        <source>trigger always_on: every conversation</source>
        <translation>trigger always_on：每次对话</translation>
    </message>
    <message>
        <source>for files in {folder}</source>
        <translation>用于 {folder} 中的文件</translation>
    </message>
    <message>
        <source>claudeMdExcludes: {pattern}</source>
        <translation>claudeMdExcludes 排除：{pattern}</translation>
    </message>
    <message>
        <source>a rule with paths: {paths} — loaded when Claude reads a matching file</source>
        <translation>带路径的规则：{paths} — Claude 读取匹配的文件时加载</translation>
    </message>
    <message>
        <source>a rule without paths: loaded at launch</source>
        <translation>不带路径的规则：启动时加载</translation>
    </message>
    <message>
        <source>auto memory is turned off</source>
        <translation>自动记忆已关闭</translation>
    </message>
    <message>
        <source>a topic file: read when Claude needs it</source>
        <translation>主题文件：Claude 需要时读取</translation>
    </message>
    <message>
        <source>auto memory index: its first {lines} lines / {bytes} bytes load at launch</source>
        <translation>自动记忆索引：启动时加载其前 {lines} 行 / {bytes} 字节</translation>
    </message>
    <message>
        <source>auto memory index past {lines} lines: Claude Code stops before line {line}; the rest is not loaded</source>
        <translation>自动记忆索引超过 {lines} 行：Claude Code 在第 {line} 行之前停止，其余部分不加载</translation>
    </message>
    <message>
        <source>auto memory index past {bytes} bytes: Claude Code stops before line {line}; the rest is not loaded</source>
        <translation>自动记忆索引超过 {bytes} 字节：Claude Code 在第 {line} 行之前停止，其余部分不加载</translation>
    </message>
    <message>
        <source>{key} = 0 turns project files off</source>
        <translation>{key} = 0 关闭了项目文件</translation>
    </message>
    <message>
        <source>the {budget}-byte budget was spent by the files above it; Codex leaves it out and the model is not told</source>
        <translation>{budget} 字节的预算已被它上面的文件用完；Codex 将其略去，且不告知模型</translation>
    </message>
    <message>
        <source>{why}; cut at byte {kept} of {size} (line {line}) because the {budget}-byte project budget ends there — without a marker</source>
        <translation>{why}；在 {size} 字节中的第 {kept} 字节处截断（第 {line} 行），因为 {budget} 字节的项目预算在此用完 — 没有任何标记</translation>
    </message>
    <message>
        <source>no applyTo: read only when you attach it to a request</source>
        <translation>没有 applyTo：仅在你把它附加到请求时读取</translation>
    </message>
    <message>
        <source>applyTo {globs}: every file</source>
        <translation>applyTo {globs}：所有文件</translation>
    </message>
    <message>
        <source>applyTo {globs}: read when Copilot works on a matching file</source>
        <translation>applyTo {globs}：Copilot 处理匹配的文件时读取</translation>
    </message>
    <message>
        <source>globs {globs}: attached when a matching file is in the conversation</source>
        <translation>globs {globs}：对话中有匹配的文件时附加</translation>
    </message>
    <message>
        <source>globs {globs}: attached when a matching file is in the conversation (a rule of {folder}: for files below it)</source>
        <translation>globs {globs}：对话中有匹配的文件时附加（{folder} 的规则：用于其下的文件）</translation>
    </message>
    <message>
        <source>the agent reads its description and decides: {description}</source>
        <translation>由智能体读取其描述后决定：{description}</translation>
    </message>
    <message>
        <source>no alwaysApply, globs or description: only when you @-mention it</source>
        <translation>没有 alwaysApply、globs 或描述：仅在你 @ 提及时使用</translation>
    </message>
    <message>
        <source>trigger glob ({globs}): when a matching file is touched</source>
        <translation>trigger glob（{globs}）：涉及匹配的文件时使用</translation>
    </message>
    <message>
        <source>trigger glob (no globs): when a matching file is touched</source>
        <translation>trigger glob（没有 globs）：涉及匹配的文件时使用</translation>
    </message>
    <message>
        <source>trigger model_decision: Cascade decides by its description: {description}</source>
        <translation>trigger model_decision：由 Cascade 根据其描述决定：{description}</translation>
    </message>
    <message>
        <source>trigger manual: only when you @-mention it</source>
        <translation>trigger manual：仅在你 @ 提及时使用</translation>
    </message>
    <message>
        <source>trigger {trigger} is none Windsurf knows: it is not applied by itself</source>
        <translation>trigger {trigger} 不是 Windsurf 认识的触发方式：不会自动应用</translation>
    </message>
    <message>
        <source>no trigger: only when you @-mention it</source>
        <translation>没有 trigger：仅在你 @ 提及时使用</translation>
    </message>
    <message>
        <source>{file} is past {lines} lines / {bytes} bytes: Claude Code stops before line {line}</source>
        <translation>{file} 超过 {lines} 行 / {bytes} 字节：Claude Code 在第 {line} 行之前停止</translation>
    </message>
    <message>
        <source>the project chain is over project_doc_max_bytes ({budget} bytes): {fates}. Codex does not tell the model (at most a line in its own log)</source>
        <translation>项目链超出了 project_doc_max_bytes（{budget} 字节）：{fates}。Codex 不会告知模型（最多在它自己的日志里记一行）</translation>
    </message>
    <message>
        <source>{file} is cut at line {line} ({kept} of {size} bytes kept)</source>
        <translation>{file} 在第 {line} 行被截断（{size} 字节中保留 {kept} 字节）</translation>
    </message>
    <message>
        <source>{file} is dropped</source>
        <translation>{file} 被丢弃</translation>
    </message>
    <message>
        <source>{file} has {chars} characters; Claude Code warns about files over {limit}</source>
        <translation>{file} 有 {chars} 个字符；Claude Code 对超过 {limit} 的文件发出警告</translation>
    </message>
    <message>
        <source>{where}: {problem}</source>
        <translation>{where}：{problem}</translation>
    </message>
    <message>
        <source>import path holds a NUL byte; no file can have that name</source>
        <translation>导入路径含有 NUL 字节；没有文件能用这个名字</translation>
    </message>
    <message>
        <source>import {target} is an absolute path; imports are relative to the file</source>
        <translation>导入 {target} 是绝对路径；导入路径应相对于该文件</translation>
    </message>
    <message>
        <source>import {target} leaves {folder}</source>
        <translation>导入 {target} 超出了 {folder}</translation>
    </message>
    <message>
        <source>import {target} is a symlink that leads outside the source directory</source>
        <translation>导入 {target} 是指向源目录之外的符号链接</translation>
    </message>
    <message>
        <source>import {target} would import a file that is already being expanded</source>
        <translation>导入 {target} 会导入一个正在展开的文件（循环导入）</translation>
    </message>
    <message>
        <source>import {target} is a level {level} import; at most {most} levels are expanded</source>
        <translation>导入 {target} 是第 {level} 层导入；最多展开 {most} 层</translation>
    </message>
    <message>
        <source>import {target} cannot be read: {why}</source>
        <translation>无法读取导入 {target}：{why}</translation>
    </message>
    <message>
        <source>{file} is imported by {importer}; kept once, inside {importer}</source>
        <translation>{file} 被 {importer} 导入；只保留一次，位于 {importer} 之内</translation>
    </message>
    <message>
        <source>{file} is identical to {winner}; kept once, from {winner}</source>
        <translation>{file} 与 {winner} 完全相同；只保留一次，取自 {winner}</translation>
    </message>
    <message>
        <source>{file} nearly repeats {other} (lines differing: {changed}); both are loaded, so the shared lines are carried twice — consider importing one from the other</source>
        <translation>{file} 几乎重复了 {other}（不同的行：{changed}）；两者都会加载，共同的行会传两遍 — 可考虑让其中一个导入另一个</translation>
    </message>
    <message>
        <source>{most} and {last}</source>
        <translation>{most} 和 {last}</translation>
    </message>
    <message>
        <source>{file} reaches {agents}; {fates}</source>
        <translation>{file} 送达 {agents}；{fates}</translation>
    </message>
    <message>
        <source>{first}; {rest}</source>
        <translation>{first}；{rest}</translation>
    </message>
    <message>
        <source>{agent} does not read it ({why})</source>
        <translation>{agent} 不读取它（{why}）</translation>
    </message>
    <message>
        <source>{agent}: {status} ({reason})</source>
        <translation>{agent}：{status}（{reason}）</translation>
    </message>
    <message>
        <source>Codex reads only {names} (and configured fallback names), one per folder</source>
        <translation>Codex 只读取 {names}（以及配置的备用文件名），每个文件夹一个</translation>
    </message>
    <message>
        <source>Claude Code reads {names} and rules, not other names</source>
        <translation>Claude Code 读取 {names} 和规则，不读取其他名字的文件</translation>
    </message>
    <message>
        <source>it is not on Reasonix&apos;s chain (REASONIX.md, AGENTS.md, CLAUDE.md and .local.md variants)</source>
        <translation>它不在 Reasonix 的链上（REASONIX.md、AGENTS.md、CLAUDE.md 及其 .local.md 变体）</translation>
    </message>
    <message>
        <source>Copilot reads {repository_file}, {folder}, AGENTS.md, and {root_files} at the root</source>
        <translation>Copilot 读取 {repository_file}、{folder}、AGENTS.md，以及根目录下的 {root_files}</translation>
    </message>
    <message>
        <source>Gemini CLI reads {names} (or the names its context.fileName setting gives)</source>
        <translation>Gemini CLI 读取 {names}（或其 context.fileName 设置给出的名字）</translation>
    </message>
    <message>
        <source>Cursor reads {folder}, AGENTS.md and {legacy}</source>
        <translation>Cursor 读取 {folder}、AGENTS.md 和 {legacy}</translation>
    </message>
    <message>
        <source>Windsurf reads {folder}, its global rules, AGENTS.md and {legacy}</source>
        <translation>Windsurf 读取 {folder}、其全局规则、AGENTS.md 和 {legacy}</translation>
    </message>
    <message>
        <source>{file} rule &apos;{rule}&apos; reaches {agents} only</source>
        <translation>{file} 的规则“{rule}”只送达 {agents}</translation>
    </message>
    <message>
        <source>… and {more} of {file} that reach only some of the agents</source>
        <translation>…… 以及 {file} 中另外 {more}只送达部分智能体</translation>
    </message>
    <message>
        <source>{agent} receives it twice: {what}</source>
        <translation>{agent} 收到两遍：{what}</translation>
    </message>
    <message>
        <source>{first} and {second} carry the same text</source>
        <translation>{first} 和 {second} 的文本相同</translation>
    </message>
    <message>
        <source>the text of {first} is also inside {second}</source>
        <translation>{first} 的文本也包含在 {second} 中</translation>
    </message>
    <message>
        <source>{where} @{token} — {treatments}</source>
        <translation>{where} @{token} — {treatments}</translation>
    </message>
    <message>
        <source>{agent} {treatment}</source>
        <translation>{agent} {treatment}</translation>
    </message>
    <message>
        <source>shows it literally</source>
        <translation>按原文显示</translation>
    </message>
    <message>
        <source>expands it</source>
        <translation>展开它</translation>
    </message>
    <message>
        <source>leaves an error comment (no such file)</source>
        <translation>留下一条错误注释（没有这个文件）</translation>
    </message>
    <message>
        <source>rejects it ({problem})</source>
        <translation>拒绝它（{problem}）</translation>
    </message>
    <message>
        <source>shows it literally (no such file)</source>
        <translation>按原文显示（没有这个文件）</translation>
    </message>
    <message>
        <source>{file}: {said}</source>
        <translation>{file}：{said}</translation>
    </message>
    <message>
        <source>said “{said}” in {sessions}; {kind}</source>
        <translation>在 {sessions}中说过“{said}”；{kind}</translation>
    </message>
    <message>
        <source>a link, kept as a reference</source>
        <translation>一个链接，作为参考保存</translation>
    </message>
    <message>
        <source>guidance on how to work</source>
        <translation>关于工作方式的指导</translation>
    </message>
    <message>
        <source>a personal preference, offered as global</source>
        <translation>个人偏好，建议作为全局事实</translation>
    </message>
    <message>
        <source>a project convention</source>
        <translation>项目约定</translation>
    </message>
    <message>
        <source>asked for in {count} sessions ({times} times)</source>
        <translation>在 {count} 个会话中被要求过（共 {times} 次）</translation>
    </message>
    <message>
        <source>cannot be read: {why}</source>
        <translation>无法读取：{why}</translation>
    </message>
    <message>
        <source>the source: the text of {name}</source>
        <translation>来源：{name} 的文本</translation>
    </message>
    <message>
        <source>{agent} reads AGENTS.md already: nothing to change</source>
        <translation>{agent} 已经读取 AGENTS.md：无需更改</translation>
    </message>
    <message>
        <source>its text became AGENTS.md: Claude Code imports it from there</source>
        <translation>它的文本成为 AGENTS.md：Claude Code 从那里导入</translation>
    </message>
    <message>
        <source>Claude Code reads CLAUDE.md, not AGENTS.md: it imports AGENTS.md</source>
        <translation>Claude Code 读取 CLAUDE.md，而不是 AGENTS.md：由它导入 AGENTS.md</translation>
    </message>
    <message>
        <source>Claude Code reads CLAUDE.md, not AGENTS.md: it imports AGENTS.md; taken out: {lines} AGENTS.md holds too (Claude Code would read each twice)</source>
        <translation>Claude Code 读取 CLAUDE.md，而不是 AGENTS.md：由它导入 AGENTS.md；已移除 AGENTS.md 中也有的 {lines}（否则 Claude Code 会把每行读两遍）</translation>
    </message>
    <message>
        <source>Claude Code imports AGENTS.md from CLAUDE.md already: nothing to change</source>
        <translation>Claude Code 已经从 CLAUDE.md 导入 AGENTS.md：无需更改</translation>
    </message>
    <message>
        <source>CLAUDE.md and AGENTS.md differ: CLAUDE.md has {lines} AGENTS.md lacks, kept in CLAUDE.md (Claude Code only); to make CLAUDE.md&apos;s text the source instead, choose it as the source</source>
        <translation>CLAUDE.md 与 AGENTS.md 不同：CLAUDE.md 有 AGENTS.md 没有的 {lines}，保留在 CLAUDE.md 中（仅 Claude Code 读取）；若要改以 CLAUDE.md 的文本为来源，请选择它作为来源</translation>
    </message>
    <message>
        <source>Gemini CLI: {file} is not JSON it can be read as; add {member} to it yourself</source>
        <translation>Gemini CLI：{file} 不是可读取的 JSON；请自行向其中添加 {member}</translation>
    </message>
    <message>
        <source>Gemini CLI: {file} is not a JSON object; it is left as it is</source>
        <translation>Gemini CLI：{file} 不是 JSON 对象；保持原样</translation>
    </message>
    <message>
        <source>Gemini CLI reads AGENTS.md already (context.fileName names it): nothing to change</source>
        <translation>Gemini CLI 已经读取 AGENTS.md（context.fileName 中列有它）：无需更改</translation>
    </message>
    <message>
        <source>Gemini CLI: GEMINI.md holds nothing AGENTS.md does not; it is no longer named (the file stays: delete it when you like)</source>
        <translation>Gemini CLI：GEMINI.md 的内容 AGENTS.md 都已包含；不再列出它（文件保留：可随时删除）</translation>
    </message>
    <message>
        <source>Gemini CLI: {file} could not be edited in place; add {member} to it yourself</source>
        <translation>Gemini CLI：无法就地编辑 {file}；请自行向其中添加 {member}</translation>
    </message>
    <message>
        <source>Gemini CLI reads the names of {key}: AGENTS.md first</source>
        <translation>Gemini CLI 读取 {key} 中的名称：AGENTS.md 排在最前</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>{file} cannot be read: {why}</source>
        <translation>无法读取 {file}：{why}</translation>
    </message>
    <message>
        <source>{file} cannot be read: it is not UTF-8 (byte {byte} is not valid)</source>
        <translation>无法读取 {file}：它不是 UTF-8 编码（第 {byte} 个字节无效）</translation>
    </message>
    <message>
        <source>{file} cannot be read ({why})</source>
        <translation>无法读取 {file}（{why}）</translation>
    </message>
    <message>
        <source>{file} cannot be read ({why}); Codex&apos;s defaults are shown</source>
        <translation>无法读取 {file}（{why}）；显示的是 Codex 的默认设置</translation>
    </message>
    <message>
        <source>{key} = {value} is not a byte count; the default {default} is shown</source>
        <translation>{key} = {value} 不是字节数；显示的是默认值 {default}</translation>
    </message>
    <message>
        <source>{key} = {value} is not a list of file names; the default is shown</source>
        <translation>{key} = {value} 不是文件名列表；显示的是默认值</translation>
    </message>
    <message>
        <source>{file}: context.fileName gives {names}; {read} are read here (none absolute or with &apos;..&apos;, at most {most})</source>
        <translation>{file}：context.fileName 给出了 {names}；这里读取其中 {read} 个（不含绝对路径或带 &apos;..&apos; 的名称，最多 {most} 个）</translation>
    </message>
    <message>
        <source>{where}: @{token} is hop {hop}; Claude Code follows at most {most}, so it is not read</source>
        <translation>{where}：@{token} 是第 {hop} 层；Claude Code 最多跟随 {most} 层，因此不会读取它</translation>
    </message>
    <message>
        <source>{where} is outside the folders Gemini CLI imports from; it leaves an error comment instead</source>
        <translation>{where} 不在 Gemini CLI 可导入的文件夹内；它会改为留下一条错误注释</translation>
    </message>
    <message>
        <source>{where}: no such file; Gemini CLI leaves an error comment</source>
        <translation>{where}：没有这个文件；Gemini CLI 会留下一条错误注释</translation>
    </message>
    <message>
        <source>{where} is hop {hop}; Gemini CLI follows at most {most}</source>
        <translation>{where} 是第 {hop} 层；Gemini CLI 最多跟随 {most} 层</translation>
    </message>
    <message>
        <source>target {target} is outside the workspace {workspace}; only the workspace root is read</source>
        <translation>目标 {target} 在工作区 {workspace} 之外；只读取工作区根目录</translation>
    </message>
    <message>
        <source>{file} is a symlink that leads outside the state root; not loaded ({real})</source>
        <translation>{file} 是指向状态根目录之外的符号链接；未加载（{real}）</translation>
    </message>
    <message>
        <source>{file} is a symlink that leads outside the workspace; not loaded ({real})</source>
        <translation>{file} 是指向工作区之外的符号链接；未加载（{real}）</translation>
    </message>
    <message>
        <source>stopped looking for instruction files below {folder} after {count} folders</source>
        <translation>在 {folder} 下查看了 {count} 个文件夹后停止查找指令文件</translation>
    </message>
    <message>
        <source>{folder} holds more than {count} folders; the first found are shown</source>
        <translation>{folder} 包含超过 {count} 个文件夹；只显示最先找到的</translation>
    </message>
    <message>
        <source>{folder} holds more than {count} rule files; the first found are shown</source>
        <translation>{folder} 包含超过 {count} 个规则文件；只显示最先找到的</translation>
    </message>
    <message>
        <source>{file} is over {mib} MiB: Claude Code skips it</source>
        <translation>{file} 超过 {mib} MiB：Claude Code 会跳过它</translation>
    </message>
    <message>
        <source>{file}: alwaysApply is the text {value}, not true or false; Cursor does not apply the rule always</source>
        <translation>{file}：alwaysApply 是文本 {value}，不是 true 或 false；Cursor 不会始终应用这条规则</translation>
    </message>
    <message>
        <source>empty: Codex reads the next name instead</source>
        <translation>空文件：Codex 改为读取下一个文件名</translation>
    </message>
    <message>
        <source>{reason}; when read, {why}: cut after {limit} of {total} characters</source>
        <translation>{reason}；读取时{why}：{total} 个字符中保留前 {limit} 个</translation>
    </message>
    <message>
        <source>{why}: {total} characters, cut after {limit} (line {line})</source>
        <translation>{why}：共 {total} 个字符，在第 {limit} 个字符后截断（第 {line} 行）</translation>
    </message>
    <message>
        <source>past the global rules&apos; cap of {limit} characters</source>
        <translation>超出全局规则 {limit} 个字符的上限</translation>
    </message>
    <message>
        <source>past Windsurf&apos;s cap of {limit} characters a file</source>
        <translation>超出 Windsurf 每个文件 {limit} 个字符的上限</translation>
    </message>
    <message>
        <source>{reason} (a symbolic link to {target})</source>
        <translation>{reason}（符号链接，指向 {target}）</translation>
    </message>
    <message>
        <source>a symbolic link to {target}</source>
        <translation>符号链接，指向 {target}</translation>
    </message>
    <message>
        <source>nested too deeply</source>
        <translation>嵌套层级过深</translation>
    </message>
    <message>
        <source>it is not UTF-8 text</source>
        <translation>它不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>{size} bytes: over Claude Code&apos;s {mib} MiB limit</source>
        <translation>{size} 字节：超过 Claude Code 的 {mib} MiB 上限</translation>
    </message>
    <message>
        <source>{file} is read instead (the first non-empty of {names})</source>
        <translation>改为读取 {file}（{names} 中第一个非空的文件）</translation>
    </message>
    <message>
        <source>Codex memories are off ([features] memories = true in config.toml turns them on)</source>
        <translation>Codex 记忆已关闭（在 config.toml 中设置 [features] memories = true 可开启）</translation>
    </message>
    <message>
        <source>Codex memories are off</source>
        <translation>Codex 记忆已关闭</translation>
    </message>
    <message>
        <source>Codex injects its memory summary</source>
        <translation>Codex 注入它的记忆摘要</translation>
    </message>
    <message>
        <source>Codex injects its memory summary cut to about {tokens} tokens</source>
        <translation>Codex 注入它的记忆摘要，截断到约 {tokens} 个 token</translation>
    </message>
    <message>
        <source>read when Codex decides it needs it</source>
        <translation>Codex 认为需要时读取</translation>
    </message>
    <message>
        <source>{file} holds memories Gemini CLI saved ({heading}): it loads them as instructions on every prompt</source>
        <translation>{file} 含有 Gemini CLI 保存的记忆（{heading}）：每次提示时都会把它们作为指令加载</translation>
    </message>
    <message>
        <source>{text}</source>
        <translation>{text}</translation>
    </message>
    <message>
        <source>a symlink; not followed</source>
        <translation>符号链接；不跟随</translation>
    </message>
    <message>
        <source>not a regular file (a pipe, a device or a folder); not read</source>
        <translation>不是普通文件（管道、设备或文件夹）；未读取</translation>
    </message>
    <message>
        <source>{size} bytes, over the {limit}-byte limit; not read</source>
        <translation>{size} 字节，超过 {limit} 字节的上限；未读取</translation>
    </message>
    <message>
        <source>more than {limit} bytes, over the limit; not read</source>
        <translation>超过 {limit} 字节，超出上限；未读取</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>Operation not permitted</source>
        <translation>不允许的操作</translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation>没有那个文件或目录</translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation>是一个目录</translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation>不是目录</translation>
    </message>
    <message>
        <source>Too many levels of symbolic links</source>
        <translation>符号链接层数过多</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>输入/输出错误</translation>
    </message>
    <message>
        <source>1 more rule</source>
        <translation>1 条规则</translation>
    </message>
    <message>
        <source>{count} more rules</source>
        <translation>{count} 条规则</translation>
    </message>
    <message>
        <source>1 session</source>
        <translation>1 个会话</translation>
    </message>
    <message>
        <source>{count} sessions</source>
        <translation>{count} 个会话</translation>
    </message>
    <message>
        <source>1 line</source>
        <translation>1 行</translation>
    </message>
    <message>
        <source>{count} lines</source>
        <translation>{count} 行</translation>
    </message>
    <message>
        <source>1 name</source>
        <translation>1 个名称</translation>
    </message>
    <message>
        <source>{count} names</source>
        <translation>{count} 个名称</translation>
    </message>
    <message>
        <source>the source directory</source>
        <translation>源目录</translation>
    </message>
    <message>
        <source>; imports {files}</source>
        <translation>；导入 {files}</translation>
    </message>
    <message>
        <source>{kept} of {total}</source>
        <translation>{kept} / {total}</translation>
    </message>
    <message>
        <source>CUT {kept} of {total} B</source>
        <translation>截断 {kept} / {total} B</translation>
    </message>
    <message>
        <source>loaded {bytes} B + imports</source>
        <translation>已加载 {bytes} B + 导入</translation>
    </message>
    <message>
        <source>loaded {bytes} B</source>
        <translation>已加载 {bytes} B</translation>
    </message>
    <message>
        <source>{agent}, started in {folder}, receives {received} of {count} file(s): {bytes} bytes, ≈{tokens} tokens</source>
        <translation>{agent} 在 {folder} 中启动，收到 {count} 个文件中的 {received} 个：{bytes} 字节，≈{tokens} token</translation>
    </message>
    <message>
        <source>the workspace root</source>
        <translation>工作区根目录</translation>
    </message>
    <message>
        <source>; project budget {limit} bytes ({source})</source>
        <translation>；项目预算 {limit} 字节（{source}）</translation>
    </message>
    <message>
        <source>; auto memory index: {lines} lines / {bytes} bytes</source>
        <translation>；自动记忆索引：{lines} 行 / {bytes} 字节</translation>
    </message>
    <message>
        <source>✂ the agent stops here (line {line}); what follows is not received</source>
        <translation>✂ 智能体在此处停止（第 {line} 行）；之后的内容不会被收到</translation>
    </message>
    <message>
        <source>does not read it</source>
        <translation>不读取它</translation>
    </message>
    <message>
        <source>{agent} {bytes} bytes</source>
        <translation>{agent} {bytes} 字节</translation>
    </message>
    <message>
        <source>Received in all: {totals}.</source>
        <translation>共收到：{totals}。</translation>
    </message>
    <message>
        <source>Differences</source>
        <translation>差异</translation>
    </message>
    <message>
        <source>The {count} agents receive the same files.</source>
        <translation>这 {count} 个智能体收到的文件相同。</translation>
    </message>
    <message>
        <source>{agent}: {bytes} bytes in the files of its rows</source>
        <translation>{agent}：各行文件共 {bytes} 字节</translation>
    </message>
    <message>
        <source>+ {bytes} bytes of import framing (the &lt;instruction-import&gt; lines around each file it imports)</source>
        <translation>+ {bytes} 字节导入包装（每个导入文件前后的 &lt;instruction-import&gt; 行）</translation>
    </message>
    <message>
        <source>− {bytes} bytes it leaves out (blank lines at the edges, and each @import line the file replaces)</source>
        <translation>− {bytes} 字节被省去（首尾空行，以及被文件内容替换的每个 @import 行）</translation>
    </message>
    <message>
        <source>+ {bytes} bytes of markers it adds (an import it rejects or skips)</source>
        <translation>+ {bytes} 字节添加的标记（被拒绝或跳过的导入）</translation>
    </message>
    <message>
        <source>= {bytes} bytes received.</source>
        <translation>= 共收到 {bytes} 字节。</translation>
    </message>
    <message>
        <source>Align agents</source>
        <translation>对齐智能体</translation>
    </message>
    <message>
        <source>Make every agent chosen receive the workspace&apos;s standing rules from one file, AGENTS.md, each by its own import or setting. Nothing is written until you apply; every file is backed up, and the last align can be undone.</source>
        <translation>让所选的每个智能体都从同一个文件 AGENTS.md 接收工作区的常驻规则，各自通过自己的导入方式或设置实现。在你应用之前不会写入任何内容；每个文件都会备份，上次对齐可以撤销。</translation>
    </message>
    <message>
        <source>AGENTS.md (as it is)</source>
        <translation>AGENTS.md（保持原样）</translation>
    </message>
    <message>
        <source>&amp;Source text</source>
        <translation>来源文本(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>应用(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Undo last align</source>
        <translation>撤销上次对齐(&amp;U)</translation>
    </message>
    <message>
        <source>Working out the change…</source>
        <translation>正在计算更改…</translation>
    </message>
    <message>
        <source>Choose at least one agent.</source>
        <translation>请至少选择一个智能体。</translation>
    </message>
    <message>
        <source>Create {file}</source>
        <translation>创建 {file}</translation>
    </message>
    <message>
        <source>Change {file}</source>
        <translation>更改 {file}</translation>
    </message>
    <message>
        <source>{count} file(s) to change; the source is {source}.</source>
        <translation>有 {count} 个文件要更改；来源是 {source}。</translation>
    </message>
    <message>
        <source>Nothing to change: every agent chosen receives AGENTS.md.</source>
        <translation>无需更改：所选的每个智能体都会收到 AGENTS.md。</translation>
    </message>
    <message>
        <source>Applied; the files as they were are in {folder}.</source>
        <translation>已应用；文件原先的内容保存在 {folder}。</translation>
    </message>
    <message>
        <source>Restored {files}.</source>
        <translation>已还原 {files}。</translation>
    </message>
    <message>
        <source>▼ imported from {path}</source>
        <translation>▼ 导入自 {path}</translation>
    </message>
    <message>
        <source>▲ end of import</source>
        <translation>▲ 导入结束</translation>
    </message>
    <message>
        <source>[rejected: {reason}]</source>
        <translation>[已拒绝：{reason}]</translation>
    </message>
    <message>
        <source>[skipped: {reason}]</source>
        <translation>[已跳过：{reason}]</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>顺序</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>ancestor</source>
        <translation>上级</translation>
    </message>
    <message>
        <source>local</source>
        <translation>本地</translation>
    </message>
    <message>
        <source>{agent} (Context Center&apos;s chain)</source>
        <translation>{agent}（Context Center 的指令链）</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>并排对比</translation>
    </message>
    <message>
        <source>Resolve the chain the way this agent does, and show what it actually receives</source>
        <translation>按此智能体的方式解析指令链，并显示它实际收到的内容</translation>
    </message>
    <message>
        <source>Agents…</source>
        <translation>智能体…</translation>
    </message>
    <message>
        <source>Which agents the side by side shows (remembered)</source>
        <translation>并排对比中显示哪些智能体（会记住）</translation>
    </message>
    <message>
        <source>&amp;Target folder…</source>
        <translation>目标文件夹(&amp;T)…</translation>
    </message>
    <message>
        <source>Show what an agent started in another folder of the workspace receives</source>
        <translation>显示在工作区另一个文件夹中启动的智能体会收到什么</translation>
    </message>
    <message>
        <source>A&amp;lign agents…</source>
        <translation>对齐智能体(&amp;L)…</translation>
    </message>
    <message>
        <source>Make every agent receive the workspace&apos;s rules from AGENTS.md, each by its own import or setting (shown first, backed up, undoable)</source>
        <translation>让每个智能体都从 AGENTS.md 接收工作区的规则，各自通过自己的导入方式或设置实现（先展示、有备份、可撤销）</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>File and line</source>
        <translation>文件与行</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Double-click a diagnostic to open its file at that line</source>
        <translation>双击一条诊断，在对应行打开其文件</translation>
    </message>
    <message>
        <source>Quick add a standing rule (like /remember): e.g. Run the tests before pushing</source>
        <translation>快速添加一条常驻规则（类似 /remember）：例如 推送前先运行测试</translation>
    </message>
    <message>
        <source>The instruction file the note is added to (.local.md files are not committed)</source>
        <translation>备注要添加到的指令文件（.local.md 文件不会被提交）</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>{documents} for {folder}, {bytes} bytes received (imports expanded, blank edges trimmed), ≈{tokens} tokens; later entries win</source>
        <translation>{folder}：{documents}，收到 {bytes} 字节（导入已展开，首尾空行已去除），≈{tokens} token；靠后的条目优先</translation>
    </message>
    <message>
        <source>Age&amp;nt</source>
        <translation>智能体(&amp;N)</translation>
    </message>
    <message>
        <source>A&amp;dd note</source>
        <translation>添加备注(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Open in editor</source>
        <translation>在编辑器中打开(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>What agents receive</source>
        <translation>智能体收到的内容</translation>
    </message>
    <message>
        <source>Adherence</source>
        <translation>遵守情况</translation>
    </message>
    <message>
        <source>Adherence ({count} violated)</source>
        <translation>遵守情况（{count} 条被违反）</translation>
    </message>
    <message>
        <source>No rule was violated in the sessions read</source>
        <translation>读取的会话中没有规则被违反</translation>
    </message>
    <message>
        <source>1 rule was violated in the sessions read</source>
        <translation>读取的会话中有 1 条规则被违反</translation>
    </message>
    <message>
        <source>{count} rules were violated in the sessions read</source>
        <translation>读取的会话中有 {count} 条规则被违反</translation>
    </message>
    <message>
        <source>resolve the instructions</source>
        <translation>解析指令</translation>
    </message>
    <message>
        <source>{file} (new file)</source>
        <translation>{file}（新文件）</translation>
    </message>
    <message>
        <source>{agent} reads none of the files quick add writes to: a note would not reach it. Align agents… can make it read AGENTS.md.</source>
        <translation>{agent} 不读取快速添加所写入的任何文件：备注不会传达给它。“对齐智能体…”可以让它读取 AGENTS.md。</translation>
    </message>
    <message>
        <source>Quick add writes to {file}, which {agent} reads.</source>
        <translation>快速添加会写入 {file}，{agent} 会读取它。</translation>
    </message>
    <message>
        <source>{agent} does not read {file}: a note there would not reach it.</source>
        <translation>{agent} 不读取 {file}：写在那里的备注不会传达给它。</translation>
    </message>
    <message>
        <source>Resolve the instructions for the folder</source>
        <translation>为该文件夹解析指令</translation>
    </message>
    <message>
        <source>{agent} finds no instruction files for this folder.</source>
        <translation>{agent} 在此文件夹中找不到指令文件。</translation>
    </message>
    <message>
        <source>{files} file(s) across {agents} agents; no differences</source>
        <translation>{agents} 个智能体共涉及 {files} 个文件；没有差异</translation>
    </message>
    <message>
        <source>{files} file(s) across {agents} agents; {count} difference(s)</source>
        <translation>{agents} 个智能体共涉及 {files} 个文件；{count} 处差异</translation>
    </message>
    <message>
        <source>{agent}: {warning}</source>
        <translation>{agent}：{warning}</translation>
    </message>
    <message>
        <source>No documents</source>
        <translation>没有文档</translation>
    </message>
    <message>
        <source>1 document</source>
        <translation>1 个文档</translation>
    </message>
    <message>
        <source>{count} documents</source>
        <translation>{count} 个文档</translation>
    </message>
    <message>
        <source>imports: {files}</source>
        <translation>导入：{files}</translation>
    </message>
    <message>
        <source>No instruction files on the chain from the workspace root to the target. Quick add a note below to create &lt;code&gt;AGENTS.md&lt;/code&gt;.</source>
        <translation>从工作区根目录到目标的链上没有指令文件。在下方快速添加一条备注即可创建 &lt;code&gt;AGENTS.md&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Added to {path}</source>
        <translation>已添加到 {path}</translation>
    </message>
    <message>
        <source>add the note</source>
        <translation>添加备注</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>概览(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Facts</source>
        <translation>事实(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Instructions</source>
        <translation>指令(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Recall</source>
        <translation>召回(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Archive</source>
        <translation>归档(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Suggestions</source>
        <translation>建议(&amp;S)</translation>
    </message>
    <message>
        <source>Re&amp;view</source>
        <translation>审阅(&amp;V)</translation>
    </message>
    <message>
        <source>Open this folder</source>
        <translation>打开此文件夹</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Files that cannot be read, subject conflicts and facts whose cited code is gone: listed under the Facts tab</source>
        <translation>无法读取的文件、主题冲突，以及引用的代码已不存在的事实：列在“事实”标签页下方</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open workspace…</source>
        <translation>打开工作区(&amp;O)…</translation>
    </message>
    <message>
        <source>Recent &amp;workspaces</source>
        <translation>最近的工作区(&amp;W)</translation>
    </message>
    <message>
        <source>Open &amp;Reasonix memory…</source>
        <translation>打开 Reasonix 记忆(&amp;R)…</translation>
    </message>
    <message>
        <source>Open the state root Reasonix uses (~/.reasonix), so both tools share one memory</source>
        <translation>打开 Reasonix 使用的状态根目录（~/.reasonix），让两个工具共享同一份记忆</translation>
    </message>
    <message>
        <source>Open another &amp;store…</source>
        <translation>打开另一个存储(&amp;S)…</translation>
    </message>
    <message>
        <source>Open a state root folder: for every agent too, or for this window only</source>
        <translation>打开一个状态根目录文件夹：同时供所有智能体使用，或仅供此窗口使用</translation>
    </message>
    <message>
        <source>&amp;Connect agents…</source>
        <translation>连接智能体(&amp;C)…</translation>
    </message>
    <message>
        <source>Register the Claude Code hooks and the MCP server for Claude Code and Codex, pinned to this store; see what each agent reaches</source>
        <translation>注册 Claude Code 钩子以及供 Claude Code 和 Codex 使用的 MCP 服务器，并固定到此存储；查看每个智能体能访问到什么</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>刷新(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Import from another agent…</source>
        <translation>从其他智能体导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Bring in what Claude Code, Codex or context-eng remember, as suggestions to review</source>
        <translation>导入 Claude Code、Codex 或 context-eng 记住的内容，作为待审阅的建议</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>设置(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>F&amp;act</source>
        <translation>事实(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Search facts</source>
        <translation>搜索事实(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>编辑(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Pin / unpin</source>
        <translation>固定 / 取消固定(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Move to the other scope</source>
        <translation>移到另一范围(&amp;M)</translation>
    </message>
    <message>
        <source>Share with the &amp;team</source>
        <translation>与团队共享(&amp;T)</translation>
    </message>
    <message>
        <source>Commit &amp;team facts…</source>
        <translation>提交团队事实(&amp;T)…</translation>
    </message>
    <message>
        <source>The team facts changed in this repository, with their diffs; commit them alone, checked first</source>
        <translation>此仓库中已更改的团队事实及其差异；先检查，再单独提交它们</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>转到(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Context Center</source>
        <translation>关于 Context Center(&amp;A)</translation>
    </message>
    <message>
        <source>Toolbar</source>
        <translation>工具栏</translation>
    </message>
    <message>
        <source>{what} ({keys})</source>
        <translation>{what}（{keys}）</translation>
    </message>
    <message>
        <source>Opening the store…</source>
        <translation>正在打开存储…</translation>
    </message>
    <message>
        <source>Opened {last}, the last workspace you used. You started Context Center in {started_in}.</source>
        <translation>已打开 {last}，即你上次使用的工作区。你是在 {started_in} 中启动 Context Center 的。</translation>
    </message>
    <message>
        <source>Open Reasonix memory</source>
        <translation>打开 Reasonix 记忆</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>暂不</translation>
    </message>
    <message>
        <source>A Reasonix memory store is on this machine ({path}). Open it here, so Context Center and Reasonix read and write the same facts?</source>
        <translation>此机器上有一个 Reasonix 记忆存储（{path}）。要在这里打开它，让 Context Center 和 Reasonix 读写相同的事实吗？</translation>
    </message>
    <message>
        <source>Open another store</source>
        <translation>打开另一个存储</translation>
    </message>
    <message>
        <source>Workspace {path}</source>
        <translation>工作区 {path}</translation>
    </message>
    <message>
        <source>watch the files</source>
        <translation>监视文件</translation>
    </message>
    <message>
        <source>open the store</source>
        <translation>打开存储</translation>
    </message>
    <message>
        <source>Search index up to date ({added} added, {updated} updated, {removed} removed)</source>
        <translation>搜索索引已是最新（新增 {added}，更新 {updated}，删除 {removed}）</translation>
    </message>
    <message>
        <source>The meaning of {count} new or changed facts read for search</source>
        <translation>已为搜索读取 {count} 条新增或改动事实的含义</translation>
    </message>
    <message>
        <source>The search index could not be built: {error}</source>
        <translation>无法构建搜索索引：{error}</translation>
    </message>
    <message>
        <source>Building the search index</source>
        <translation>正在构建搜索索引</translation>
    </message>
    <message>
        <source>Reading what each fact means</source>
        <translation>正在读取每条事实的含义</translation>
    </message>
    <message>
        <source>Open workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <source>read the store</source>
        <translation>读取存储</translation>
    </message>
    <message>
        <source>Re&amp;view ({count})</source>
        <translation>审阅（{count}）(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Suggestions ({count})</source>
        <translation>建议（{count}）(&amp;S)</translation>
    </message>
    <message>
        <source>1 memory from an agent waits for you</source>
        <translation>有 1 条来自智能体的记忆在等你处理</translation>
    </message>
    <message>
        <source>{count} memories from agents wait for you</source>
        <translation>有 {count} 条来自智能体的记忆在等你处理</translation>
    </message>
    <message>
        <source>⚠ 1 problem</source>
        <translation>⚠ 1 个问题</translation>
    </message>
    <message>
        <source>⚠ {count} problems</source>
        <translation>⚠ {count} 个问题</translation>
    </message>
    <message>
        <source>Pinned {total} / {budget} characters</source>
        <translation>已固定 {total} / {budget} 个字符</translation>
    </message>
    <message>
        <source>Settings saved</source>
        <translation>设置已保存</translation>
    </message>
    <message>
        <source>Committed {count} team fact file(s) as {commit}</source>
        <translation>已将 {count} 个团队事实文件提交为 {commit}</translation>
    </message>
    <message>
        <source>About Context Center</source>
        <translation>关于 Context Center</translation>
    </message>
    <message>
        <source>&lt;b&gt;Context Center&lt;/b&gt; {version}&lt;p&gt;See and steer what coding agents are told and what they remember.&lt;/p&gt;&lt;p&gt;Icons: Lucide (lucide.dev), ISC licence; its text ships with the app as LICENSE-lucide.md.&lt;/p&gt;</source>
        <translation>&lt;b&gt;Context Center&lt;/b&gt; {version}&lt;p&gt;查看并掌控编码智能体被告知的内容和它们记住的内容。&lt;/p&gt;&lt;p&gt;图标：Lucide（lucide.dev），ISC 许可；许可全文随应用附带，见 LICENSE-lucide.md。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>It may have been forgotten (see the Archive tab) or renamed; press F5 to reload.</source>
        <translation>它可能已被遗忘（见“归档”标签页）或已改名；按 F5 重新加载。</translation>
    </message>
    <message>
        <source>The Archive tab lists what can be recovered.</source>
        <translation>“归档”标签页列出了可以恢复的内容。</translation>
    </message>
    <message>
        <source>The History dialog lists the revisions this fact has.</source>
        <translation>“历史”对话框列出了这条事实的各个修订版。</translation>
    </message>
    <message>
        <source>Remove the secret from the text; agents read facts, so keep secrets in a secret manager.</source>
        <translation>请从文本中删除密钥：智能体会读取事实，密钥应保存在密钥管理器中。</translation>
    </message>
    <message>
        <source>The file is listed under the facts table with what is wrong with it.</source>
        <translation>该文件已列在事实表格下方，并注明了问题所在。</translation>
    </message>
    <message>
        <source>Scan again to see the open suggestions.</source>
        <translation>重新扫描以查看未处理的建议。</translation>
    </message>
    <message>
        <source>The Dismissed list shows what can be restored.</source>
        <translation>“已忽略”列表显示了可以还原的内容。</translation>
    </message>
    <message>
        <source>Use Fact ▸ Move to another scope.</source>
        <translation>请使用“事实 ▸ 移到另一范围”。</translation>
    </message>
    <message>
        <source>Set it up once with Sync ▸ Set up sync… (a git repository you can push to).</source>
        <translation>请通过“同步 ▸ 设置同步…”设置一次（一个你可以推送的 git 仓库）。</translation>
    </message>
    <message>
        <source>The Review tab shows the items as they are now.</source>
        <translation>“审阅”标签页显示各项的当前状态。</translation>
    </message>
    <message>
        <source>The Review tab&apos;s history lists the decisions that can be undone.</source>
        <translation>“审阅”标签页的历史列出了可以撤销的决定。</translation>
    </message>
    <message>
        <source>Undo, right after a dismissal, proposes the items again.</source>
        <translation>忽略之后立即撤销，即可重新提出这些条目。</translation>
    </message>
    <message>
        <source>Choose the file whose text becomes AGENTS.md in Align agents….</source>
        <translation>请在“对齐智能体…”中选择哪个文件的文本成为 AGENTS.md。</translation>
    </message>
    <message>
        <source>It was not found.</source>
        <translation>未找到。</translation>
    </message>
    <message>
        <source>It changed since it was shown; look at it again first.</source>
        <translation>显示之后它已发生变化；请先重新查看。</translation>
    </message>
    <message>
        <source>A file changed while this was being done; nothing was written.</source>
        <translation>操作进行期间有文件发生了变化；未写入任何内容。</translation>
    </message>
    <message>
        <source>Another fact already holds this subject key.</source>
        <translation>另一条事实已占用此主题键。</translation>
    </message>
    <message>
        <source>Another fact already has this name.</source>
        <translation>已有另一条事实使用此名称。</translation>
    </message>
    <message>
        <source>This is not possible in that scope.</source>
        <translation>在该范围内无法这样做。</translation>
    </message>
    <message>
        <source>The pinned facts would go over their budget of characters.</source>
        <translation>固定的事实将超出其字符预算。</translation>
    </message>
    <message>
        <source>An active fact already has this id or name.</source>
        <translation>已有一条有效事实使用此 ID 或名称。</translation>
    </message>
    <message>
        <source>Something given is not valid.</source>
        <translation>提供的内容无效。</translation>
    </message>
    <message>
        <source>The text holds a secret, so it was not saved.</source>
        <translation>文本中含有密钥，因此未保存。</translation>
    </message>
    <message>
        <source>The team fact has changes not committed to git yet.</source>
        <translation>该团队事实有尚未提交到 git 的更改。</translation>
    </message>
    <message>
        <source>A file could not be read or written.</source>
        <translation>无法读取或写入某个文件。</translation>
    </message>
    <message>
        <source>git failed.</source>
        <translation>git 执行失败。</translation>
    </message>
    <message>
        <source>The configuration file could not be used.</source>
        <translation>无法使用配置文件。</translation>
    </message>
    <message>
        <source>Another pre-commit hook is in the way.</source>
        <translation>另一个 pre-commit 钩子与之冲突。</translation>
    </message>
    <message>
        <source>The system keyring is not safe to keep a key in.</source>
        <translation>系统密钥环不适合保存密钥。</translation>
    </message>
    <message>
        <source>Sync is not set up yet.</source>
        <translation>尚未设置同步。</translation>
    </message>
    <message>
        <source>The sync would carry more than it may at once.</source>
        <translation>本次同步一次要传输的内容超出了上限。</translation>
    </message>
    <message>
        <source>The pre-commit check refused a team fact file.</source>
        <translation>pre-commit 检查拒绝了一个团队事实文件。</translation>
    </message>
    <message>
        <source>A token already exists.</source>
        <translation>令牌已存在。</translation>
    </message>
    <message>
        <source>A file could not be read as a fact.</source>
        <translation>某个文件无法作为事实读取。</translation>
    </message>
    <message>
        <source>That file may not be written: it is another user&apos;s, or a link to nothing.</source>
        <translation>不能写入该文件：它属于另一个用户，或是指向不存在之处的链接。</translation>
    </message>
    <message>
        <source>Context Center&apos;s engine failed.</source>
        <translation>Context Center 的引擎出错了。</translation>
    </message>
    <message>
        <source>Details: {message}</source>
        <translation>详情：{message}</translation>
    </message>
    <message>
        <source>Could not {doing}</source>
        <translation>无法{doing}</translation>
    </message>
    <message>
        <source>This is not something you did wrong; the details below help to report it.</source>
        <translation>这不是你的操作错误；下面的详情有助于报告此问题。</translation>
    </message>
    <message>
        <source>All sessions</source>
        <translation>所有会话</translation>
    </message>
    <message>
        <source>instruction files</source>
        <translation>指令文件</translation>
    </message>
    <message>
        <source>pinned facts</source>
        <translation>固定事实</translation>
    </message>
    <message>
        <source>recall</source>
        <translation>召回</translation>
    </message>
    <message>
        <source>memory index</source>
        <translation>记忆索引</translation>
    </message>
    <message>
        <source>MCP tools</source>
        <translation>MCP 工具</translation>
    </message>
    <message>
        <source>session-context</source>
        <translation>会话上下文</translation>
    </message>
    <message>
        <source>injected</source>
        <translation>已注入</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>overridden</source>
        <translation>被覆盖</translation>
    </message>
    <message>
        <source>recalled</source>
        <translation>已召回</translation>
    </message>
    <message>
        <source>suppressed</source>
        <translation>已抑制</translation>
    </message>
    <message>
        <source>included</source>
        <translation>已包含</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>已略去</translation>
    </message>
    <message>
        <source>suppressed: {reason}</source>
        <translation>已抑制：{reason}</translation>
    </message>
    <message>
        <source>&amp;Session:</source>
        <translation>会话(&amp;S)：</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>时间（UTC）</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Checked by</source>
        <translation>检查方式</translation>
    </message>
    <message>
        <source>Followed</source>
        <translation>遵守</translation>
    </message>
    <message>
        <source>Violated</source>
        <translation>违反</translation>
    </message>
    <message>
        <source>Enforced</source>
        <translation>强制执行</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Last activity</source>
        <translation>最后活动</translation>
    </message>
    <message>
        <source>followed</source>
        <translation>已遵守</translation>
    </message>
    <message>
        <source>violated</source>
        <translation>已违反</translation>
    </message>
    <message>
        <source>not applicable</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>ran {command}</source>
        <translation>运行了 {command}</translation>
    </message>
    <message>
        <source>then ran {command}</source>
        <translation>随后运行了 {command}</translation>
    </message>
    <message>
        <source>edited {path}</source>
        <translation>编辑了 {path}</translation>
    </message>
    <message>
        <source>{count} shell command(s), none running {programs}</source>
        <translation>{count} 条 shell 命令，均未运行 {programs}</translation>
    </message>
    <message>
        <source>{count} edit(s), none under {paths}</source>
        <translation>{count} 次编辑，均不在 {paths} 下</translation>
    </message>
    <message>
        <source>no commit in this session</source>
        <translation>本会话没有提交</translation>
    </message>
    <message>
        <source>the session edited no file</source>
        <translation>本会话没有编辑任何文件</translation>
    </message>
    <message>
        <source>committed ({commit}) without running {command} after the last edit</source>
        <translation>提交（{commit}）前，最后一次编辑之后没有运行 {command}</translation>
    </message>
    <message>
        <source>{command} ran before each of {count} commit(s)</source>
        <translation>{count} 次提交之前都运行了 {command}</translation>
    </message>
    <message>
        <source>last edit: {path}; {command} did not pass after it (it ran at {at} and failed)</source>
        <translation>最后一次编辑：{path}；之后 {command} 没有通过（它在 {at} 运行并失败）</translation>
    </message>
    <message>
        <source>last edit: {path}; {command} did not run after it (it last ran at {at}, before that edit)</source>
        <translation>最后一次编辑：{path}；之后没有运行 {command}（它最后一次在 {at} 运行，早于该编辑）</translation>
    </message>
    <message>
        <source>last edit: {path}; {command} did not run after it</source>
        <translation>最后一次编辑：{path}；之后没有运行 {command}</translation>
    </message>
    <message>
        <source>last edit: {path}</source>
        <translation>最后一次编辑：{path}</translation>
    </message>
    <message>
        <source>not checkable</source>
        <translation>无法检查</translation>
    </message>
    <message>
        <source>forbids running {programs}</source>
        <translation>禁止运行 {programs}</translation>
    </message>
    <message>
        <source>; use {alternative}</source>
        <translation>；应使用 {alternative}</translation>
    </message>
    <message>
        <source>{command} must pass before each commit</source>
        <translation>每次提交前 {command} 必须通过</translation>
    </message>
    <message>
        <source>{command} must run before each commit</source>
        <translation>每次提交前必须运行 {command}</translation>
    </message>
    <message>
        <source>{command} must pass after the last edit</source>
        <translation>最后一次编辑之后 {command} 必须通过</translation>
    </message>
    <message>
        <source>{command} must run after the last edit</source>
        <translation>最后一次编辑之后必须运行 {command}</translation>
    </message>
    <message>
        <source>forbids editing {paths}</source>
        <translation>禁止编辑 {paths}</translation>
    </message>
    <message>
        <source>no call denied</source>
        <translation>没有拒绝任何调用</translation>
    </message>
    <message>
        <source>1 call denied</source>
        <translation>拒绝了 1 次调用</translation>
    </message>
    <message>
        <source>{count} calls denied</source>
        <translation>拒绝了 {count} 次调用</translation>
    </message>
    <message>
        <source>{agent}: {calls}</source>
        <translation>{agent}：{calls}</translation>
    </message>
    <message>
        <source>{agent}: enforced since {since}: {calls}</source>
        <translation>{agent}：自 {since} 起强制执行：{calls}</translation>
    </message>
    <message>
        <source>Codex marks its rules experimental, applies them to commands run outside its sandbox, and loads a project&apos;s rules only when it trusts the project.</source>
        <translation>Codex 将其规则标为实验性功能，只对在沙箱之外运行的命令生效，并且只在信任该项目时才加载项目的规则。</translation>
    </message>
    <message>
        <source>Stop enforcing a rule</source>
        <translation>停止强制执行规则</translation>
    </message>
    <message>
        <source>Enforce a rule</source>
        <translation>强制执行规则</translation>
    </message>
    <message>
        <source>No longer enforce {source} for {agent}:</source>
        <translation>不再为 {agent} 强制执行 {source}：</translation>
    </message>
    <message>
        <source>Make {agent} unable to break {source}:</source>
        <translation>让 {agent} 无法违反 {source}：</translation>
    </message>
    <message>
        <source>A PreToolUse hook in this workspace&apos;s .claude/settings.local.json (yours, not committed) refuses a tool call that breaks the rule, quoting it; every other call is allowed.</source>
        <translation>此工作区 .claude/settings.local.json（你自己的，不会提交）中的 PreToolUse 钩子会拒绝违反该规则的工具调用，并引用该规则；其他调用一律允许。</translation>
    </message>
    <message>
        <source>A forbidden rule in this workspace&apos;s .codex/rules.</source>
        <translation>此工作区 .codex/rules 中的一条 forbidden 规则。</translation>
    </message>
    <message>
        <source>(a new file)</source>
        <translation>（新文件）</translation>
    </message>
    <message>
        <source>No file needs to change (the hook is already there); only the list of enforced rules does.</source>
        <translation>无需更改任何文件（钩子已存在）；只更新强制执行的规则列表。</translation>
    </message>
    <message>
        <source>Stop enforcing</source>
        <translation>停止强制执行</translation>
    </message>
    <message>
        <source>Enforce</source>
        <translation>强制执行</translation>
    </message>
    <message>
        <source>Both agents</source>
        <translation>两个智能体</translation>
    </message>
    <message>
        <source>Whose transcripts are read, and whose rules are listed</source>
        <translation>读取谁的对话记录，列出谁的规则</translation>
    </message>
    <message>
        <source>How many days of sessions are read</source>
        <translation>读取多少天内的会话</translation>
    </message>
    <message>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>Enforce…</source>
        <translation>强制执行…</translation>
    </message>
    <message>
        <source>Reading transcripts…</source>
        <translation>正在读取对话记录…</translation>
    </message>
    <message>
        <source>The transcripts could not be read.</source>
        <translation>无法读取对话记录。</translation>
    </message>
    <message>
        <source>read the agents&apos; transcripts</source>
        <translation>读取智能体的对话记录</translation>
    </message>
    <message>
        <source>{agent} {count}</source>
        <translation>{agent} {count}</translation>
    </message>
    <message>
        <source>{violated} of {rules} rules violated in the last {days} days ({checkable} checkable from a transcript); sessions read: {sessions}</source>
        <translation>最近 {days} 天内，{rules} 条规则中有 {violated} 条被违反（{checkable} 条可从对话记录检查）；读取的会话：{sessions}</translation>
    </message>
    <message>
        <source>and</source>
        <translation>和</translation>
    </message>
    <message>
        <source>{agents} receive no standing rule in this workspace: no instruction file on their chain has a rule line.</source>
        <translation>{agents} 在此工作区没有收到任何常设规则：它们链上的指令文件中没有规则行。</translation>
    </message>
    <message>
        <source>Transcripts are read from:</source>
        <translation>对话记录读取自：</translation>
    </message>
    <message>
        <source>{source}, received by {agents}</source>
        <translation>{source}，由 {agents} 收到</translation>
    </message>
    <message>
        <source>This rule cannot be decided from a transcript: no verdict is given (never a guess).</source>
        <translation>这条规则无法从对话记录判定：不给出结论（绝不猜测）。</translation>
    </message>
    <message>
        <source>Checked by: {how}</source>
        <translation>检查方式：{how}</translation>
    </message>
    <message>
        <source>No session of {agents} in this workspace in the last {days} days.</source>
        <translation>最近 {days} 天内，此工作区没有 {agents} 的会话。</translation>
    </message>
    <message>
        <source>{agent} session {session}, {started} – {ended}</source>
        <translation>{agent} 会话 {session}，{started} – {ended}</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>证据：</translation>
    </message>
    <message>
        <source>Stop enforcing for {agent}…</source>
        <translation>停止为 {agent} 强制执行…</translation>
    </message>
    <message>
        <source>Enforce for {agent}…</source>
        <translation>为 {agent} 强制执行…</translation>
    </message>
    <message>
        <source>Stop enforcing…</source>
        <translation>停止强制执行…</translation>
    </message>
    <message>
        <source>Make the agent unable to break this rule at the tool call (the change is shown first)</source>
        <translation>让智能体在工具调用时无法违反这条规则（先显示更改）</translation>
    </message>
    <message>
        <source>A rule that cannot be checked cannot be enforced</source>
        <translation>无法检查的规则无法强制执行</translation>
    </message>
    <message>
        <source>Only a forbidden command or a forbidden path can be enforced at the tool call</source>
        <translation>只有禁止的命令或禁止的路径可以在工具调用时强制执行</translation>
    </message>
    <message>
        <source>plan the enforcement</source>
        <translation>规划强制执行</translation>
    </message>
    <message>
        <source>{source} is no longer enforced for {agent}</source>
        <translation>不再为 {agent} 强制执行 {source}</translation>
    </message>
    <message>
        <source>{source} is enforced for {agent}</source>
        <translation>已为 {agent} 强制执行 {source}</translation>
    </message>
    <message>
        <source>enforce the rule</source>
        <translation>强制执行规则</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <source>Chars</source>
        <translation>字符数</translation>
    </message>
    <message>
        <source>Injected</source>
        <translation>已注入</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Choose a record to see what the agent received.</source>
        <translation>选择一条记录，查看智能体收到了什么。</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>事实</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>&amp;Why not?</source>
        <translation>为何没有？(&amp;W)</translation>
    </message>
    <message>
        <source>Ask the gate again about this fact for the selected record&apos;s prompt</source>
        <translation>针对所选记录的提示词，就这条事实重新询问召回门控</translation>
    </message>
    <message>
        <source>Why not this fact?</source>
        <translation>为何没有这条事实？</translation>
    </message>
    <message>
        <source>Fa&amp;ct:</source>
        <translation>事实(&amp;C)：</translation>
    </message>
    <message>
        <source>read the injection record</source>
        <translation>读取注入记录</translation>
    </message>
    <message>
        <source>(no session id)</source>
        <translation>（无会话 ID）</translation>
    </message>
    <message>
        <source>Kept: the last {days} days, at most {entries} records</source>
        <translation>保留：最近 {days} 天，最多 {entries} 条记录</translation>
    </message>
    <message>
        <source>The injection record is turned off</source>
        <translation>注入记录已关闭</translation>
    </message>
    <message>
        <source>session start ({source})</source>
        <translation>会话开始（{source}）</translation>
    </message>
    <message>
        <source>No injection has been recorded for this workspace yet.</source>
        <translation>此工作区尚未记录任何注入。</translation>
    </message>
    <message>
        <source>Prompt “{prompt}”</source>
        <translation>提示词“{prompt}”</translation>
    </message>
    <message>
        <source>Session start ({source})</source>
        <translation>会话开始（{source}）</translation>
    </message>
    <message>
        <source>unknown source</source>
        <translation>未知来源</translation>
    </message>
    <message>
        <source>nothing (suppressed: {reason})</source>
        <translation>没有内容（已抑制：{reason}）</translation>
    </message>
    <message>
        <source>{count} fact(s), {chars} characters</source>
        <translation>{count} 条事实，{chars} 个字符</translation>
    </message>
    <message>
        <source>{what} — {agent}, session {session}, {time}: the agent received {given}</source>
        <translation>{what} — {agent}，会话 {session}，{time}：智能体收到 {given}</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>; {count} more held back, not named</source>
        <translation>；另有 {count} 条被保留未注入，未列出名称</translation>
    </message>
    <message>
        <source>Asking the gate…</source>
        <translation>正在询问召回门控…</translation>
    </message>
    <message>
        <source>The record says: {recorded}.</source>
        <translation>记录中写道：{recorded}。</translation>
    </message>
    <message>
        <source>The record&apos;s trace did not name this fact.</source>
        <translation>记录的追踪中没有提到这条事实。</translation>
    </message>
    <message>
        <source>Nothing would be appended.</source>
        <translation>不会追加任何内容。</translation>
    </message>
    <message>
        <source>Conflicts with</source>
        <translation>冲突对象</translation>
    </message>
    <message>
        <source>Why not</source>
        <translation>未选原因</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>已选中</translation>
    </message>
    <message>
        <source>Rejected candidates</source>
        <translation>被拒绝的候选</translation>
    </message>
    <message>
        <source>No recall has run for this workspace yet.</source>
        <translation>此工作区尚未运行过召回。</translation>
    </message>
    <message>
        <source>Suppressed: {reason}</source>
        <translation>已抑制：{reason}</translation>
    </message>
    <message>
        <source>Recalled {count} fact(s)</source>
        <translation>召回了 {count} 条事实</translation>
    </message>
    <message>
        <source>&lt;b&gt;{state}&lt;/b&gt; at {time} for “{query}” — {used} of {budget} characters, at most {limit} facts, {omitted} omitted</source>
        <translation>&lt;b&gt;{state}&lt;/b&gt;，时间 {time}，消息“{query}” — 已用 {used} / {budget} 个字符，最多 {limit} 条事实，略去 {omitted} 条</translation>
    </message>
    <message>
        <source>&lt;b&gt;{state}&lt;/b&gt; for “{query}” — {used} of {budget} characters, at most {limit} facts, {omitted} omitted</source>
        <translation>&lt;b&gt;{state}&lt;/b&gt;，消息“{query}” — 已用 {used} / {budget} 个字符，最多 {limit} 条事实，略去 {omitted} 条</translation>
    </message>
    <message>
        <source>, {count} more rejected</source>
        <translation>，另有 {count} 条被拒绝</translation>
    </message>
    <message>
        <source>Type a user message to see what automatic recall would append</source>
        <translation>输入一条用户消息，查看自动召回会追加什么</translation>
    </message>
    <message>
        <source>&amp;Try recall</source>
        <translation>试运行召回(&amp;T)</translation>
    </message>
    <message>
        <source>Try a message</source>
        <translation>试一条消息</translation>
    </message>
    <message>
        <source>Last recall (any process)</source>
        <translation>上次召回（任意进程）</translation>
    </message>
    <message>
        <source>What agents received</source>
        <translation>智能体收到的内容</translation>
    </message>
    <message>
        <source>Pinned session context</source>
        <translation>固定的会话上下文</translation>
    </message>
    <message>
        <source>Type a message above and press Enter.</source>
        <translation>在上方输入一条消息并按回车。</translation>
    </message>
    <message>
        <source>build the context</source>
        <translation>构建上下文</translation>
    </message>
    <message>
        <source>read the last recall</source>
        <translation>读取上次召回</translation>
    </message>
    <message>
        <source>Pinned bodies: {used} of {budget} characters</source>
        <translation>固定正文：已用 {used} / {budget} 个字符</translation>
    </message>
    <message>
        <source> — overridden by project facts: {facts}</source>
        <translation> — 被项目事实覆盖：{facts}</translation>
    </message>
    <message>
        <source>(no pinned facts: nothing is added at session start)</source>
        <translation>（没有固定的事实：会话开始时不会添加任何内容）</translation>
    </message>
    <message>
        <source>run recall</source>
        <translation>运行召回</translation>
    </message>
    <message>
        <source>“Unused” rests on what the Claude Code hook injected and what agents&apos; MCP searches returned: an agent that recalls by other means is invisible to it.</source>
        <translation>“未使用”依据的是 Claude Code 钩子注入的内容和智能体 MCP 搜索返回的内容：通过其他方式召回的智能体不在其统计范围内。</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>重复</translation>
    </message>
    <message>
        <source>related</source>
        <translation>相似</translation>
    </message>
    <message>
        <source>contradiction</source>
        <translation>矛盾</translation>
    </message>
    <message>
        <source>override</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>unused</source>
        <translation>未使用</translation>
    </message>
    <message>
        <source>oversize</source>
        <translation>过大</translation>
    </message>
    <message>
        <source>staged</source>
        <translation>待审</translation>
    </message>
    <message>
        <source>worktree</source>
        <translation>工作树</translation>
    </message>
    <message>
        <source>merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>verify</source>
        <translation>核实</translation>
    </message>
    <message>
        <source>forget</source>
        <translation>遗忘</translation>
    </message>
    <message>
        <source>split</source>
        <translation>拆分</translation>
    </message>
    <message>
        <source>advice</source>
        <translation>仅供参考</translation>
    </message>
    <message>
        <source>clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Edit, then apply</source>
        <translation>编辑，然后应用</translation>
    </message>
    <message>
        <source>A&amp;pply</source>
        <translation>应用(&amp;P)</translation>
    </message>
    <message>
        <source>The fact will hold this text (a new revision; Undo takes it back):</source>
        <translation>事实将保存此文本（一个新修订版；撤销可以还原）：</translation>
    </message>
    <message>
        <source>Ed&amp;it then apply…</source>
        <translation>编辑后应用(&amp;I)…</translation>
    </message>
    <message>
        <source>Take the last apply back, as new revisions, or the last dismissal (Ctrl+Z)</source>
        <translation>撤回上一次应用（以新修订版本的形式），或上一次忽略（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Dismissed {count}: not proposed again until their facts change. Undo (Ctrl+Z) proposes them again.</source>
        <translation>已忽略 {count} 项：在相关事实变化之前不再提出。撤销（Ctrl+Z）可重新提出。</translation>
    </message>
    <message>
        <source>Search: words alone (BM25). For meaning too: pip install &apos;context-center[semantic]&apos;</source>
        <translation>搜索：仅按词（BM25）。要同时按含义搜索：pip install &apos;context-center[semantic]&apos;</translation>
    </message>
    <message>
        <source>Search: words alone (BM25); meaning is turned off (CONTEXT_CENTER_SEMANTIC=off)</source>
        <translation>搜索：仅按词（BM25）；含义检索已关闭（CONTEXT_CENTER_SEMANTIC=off）</translation>
    </message>
    <message>
        <source>Search: words alone (BM25); the meaning model did not load on this machine</source>
        <translation>搜索：仅按词（BM25）；含义模型无法在本机加载</translation>
    </message>
    <message>
        <source>Open the Facts tab (Ctrl+1)</source>
        <translation>打开“事实”标签页（Ctrl+1）</translation>
    </message>
    <message>
        <source>Facts</source>
        <translation>事实</translation>
    </message>
    <message>
        <source>Memory and skill candidates from your agents&apos; sessions: the Suggestions tab</source>
        <translation>来自智能体会话的记忆与技能候选：见“建议”标签页</translation>
    </message>
    <message>
        <source>Memories agents wrote that wait for your review: the Suggestions tab</source>
        <translation>智能体写入、等待你审阅的记忆：见“建议”标签页</translation>
    </message>
    <message>
        <source>Duplicates, contradictions, stale and unused facts: the Review tab</source>
        <translation>重复、矛盾、过时和未使用的事实：见“审阅”标签页</translation>
    </message>
    <message>
        <source>Facts whose cited code is gone: the Facts tab, filtered</source>
        <translation>所引用代码已不存在的事实：见“事实”标签页（已筛选）</translation>
    </message>
    <message>
        <source>Waiting for you</source>
        <translation>等待你处理</translation>
    </message>
    <message>
        <source>Connect agents… (Ctrl+Shift+K)</source>
        <translation>连接智能体…（Ctrl+Shift+K）</translation>
    </message>
    <message>
        <source>Agents on this store</source>
        <translation>使用此存储的智能体</translation>
    </message>
    <message>
        <source>Nothing to chart yet: no agent receives an instruction file or a recall here.</source>
        <translation>暂无可绘制的内容：这里没有智能体接收指令文件或召回。</translation>
    </message>
    <message>
        <source>Each file an agent receives, and its cuts: the Instructions tab (Ctrl+2)</source>
        <translation>智能体收到的每个文件及其截断：见“指令”标签页（Ctrl+2）</translation>
    </message>
    <message>
        <source>What a turn costs each agent</source>
        <translation>每个智能体每轮的上下文开销</translation>
    </message>
    <message>
        <source>Nothing to chart yet: the hook has injected nothing in the last 30 days.</source>
        <translation>暂无可绘制的内容：最近 30 天钩子没有注入任何内容。</translation>
    </message>
    <message>
        <source>What the hook gave on each turn: the Recall tab (Ctrl+3)</source>
        <translation>钩子每轮注入的内容：见“召回”标签页（Ctrl+3）</translation>
    </message>
    <message>
        <source>Injections per day, the last 30 days</source>
        <translation>近 30 天每日注入次数</translation>
    </message>
    <message>
        <source>Working it out…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Could not work the overview out: {error}</source>
        <translation>无法计算概览：{error}</translation>
    </message>
    <message>
        <source>{count} facts</source>
        <translation>{count} 条事实</translation>
    </message>
    <message>
        <source>Search: words and meaning ({model})</source>
        <translation>搜索：按词和含义（{model}）</translation>
    </message>
    <message>
        <source>{agent} ~{tokens} tokens every turn</source>
        <translation>{agent} 每轮约 {tokens} 个词元</translation>
    </message>
    <message>
        <source>Tokens are estimated: characters ÷ 4 or words × 1.3, whichever is more.</source>
        <translation>词元数为估算值：取“字符数 ÷ 4”与“词数 × 1.3”中的较大者。</translation>
    </message>
    <message>
        <source>1 injection in 30 days, {today} today</source>
        <translation>30 天内注入 1 次，今天 {today} 次</translation>
    </message>
    <message>
        <source>{total} injections in 30 days, {today} today</source>
        <translation>30 天内注入 {total} 次，今天 {today} 次</translation>
    </message>
    <message>
        <source>No injection recorded yet: the Claude Code hook records what it gives each turn.</source>
        <translation>尚无注入记录：Claude Code 钩子会记录每轮注入的内容。</translation>
    </message>
    <message>
        <source>Worked out in {ms} ms.</source>
        <translation>用时 {ms} 毫秒。</translation>
    </message>
    <message>
        <source>Suggestions: your sessions are read when you open the tab</source>
        <translation>建议：打开该标签页时才会读取你的会话</translation>
    </message>
    <message>
        <source>Suggestions: {count}</source>
        <translation>建议：{count}</translation>
    </message>
    <message>
        <source>Review: …</source>
        <translation>审阅：…</translation>
    </message>
    <message>
        <source>Review: {count}</source>
        <translation>审阅：{count}</translation>
    </message>
    <message>
        <source>Agents&apos; memories staged: …</source>
        <translation>智能体暂存的记忆：…</translation>
    </message>
    <message>
        <source>Agents&apos; memories staged: {count}</source>
        <translation>智能体暂存的记忆：{count}</translation>
    </message>
    <message>
        <source>Facts whose cited code is gone: …</source>
        <translation>所引用代码已不存在的事实：…</translation>
    </message>
    <message>
        <source>Facts whose cited code is gone: {count}</source>
        <translation>所引用代码已不存在的事实：{count}</translation>
    </message>
    <message>
        <source>{agent}: its hook and the MCP server reach this store</source>
        <translation>{agent}：其钩子和 MCP 服务器都连接到此存储</translation>
    </message>
    <message>
        <source>{agent}: its hook reaches this store</source>
        <translation>{agent}：其钩子连接到此存储</translation>
    </message>
    <message>
        <source>{agent}: the MCP server reaches this store</source>
        <translation>{agent}：MCP 服务器连接到此存储</translation>
    </message>
    <message>
        <source>{agent}: connected to another store</source>
        <translation>{agent}：连接到了另一个存储</translation>
    </message>
    <message>
        <source>{agent}: not connected</source>
        <translation>{agent}：未连接</translation>
    </message>
    <message>
        <source>{agent}: not on this machine</source>
        <translation>{agent}：本机未安装</translation>
    </message>
    <message>
        <source>&amp;Keep the other</source>
        <translation>保留另一条(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Dismiss</source>
        <translation>忽略(&amp;D)</translation>
    </message>
    <message>
        <source>U&amp;ndo</source>
        <translation>撤销(&amp;N)</translation>
    </message>
    <message>
        <source>Proposals only: nothing is changed until you apply it, and Undo takes an apply back.</source>
        <translation>仅为提议：在你应用之前不会更改任何内容，撤销可以还原一次应用。</translation>
    </message>
    <message>
        <source>Checking the store…</source>
        <translation>正在检查存储…</translation>
    </message>
    <message>
        <source>Could not review the store: {error}</source>
        <translation>无法审阅存储：{error}</translation>
    </message>
    <message>
        <source>Nothing to review.</source>
        <translation>没有需要审阅的内容。</translation>
    </message>
    <message>
        <source>1 item to review.</source>
        <translation>有 1 项待审阅。</translation>
    </message>
    <message>
        <source>{count} items to review.</source>
        <translation>有 {count} 项待审阅。</translation>
    </message>
    <message>
        <source>Nothing to review: no duplicates, contradictions, stale or broken facts.</source>
        <translation>没有需要审阅的内容：没有重复、矛盾、过时或失效的事实。</translation>
    </message>
    <message>
        <source>{kind}: {action} {what}</source>
        <translation>{kind}：{action} {what}</translation>
    </message>
    <message>
        <source>Keep {kept} and forget {forgotten}</source>
        <translation>保留 {kept}，遗忘 {forgotten}</translation>
    </message>
    <message>
        <source>Applying…</source>
        <translation>正在应用…</translation>
    </message>
    <message>
        <source>1 item</source>
        <translation>1 项</translation>
    </message>
    <message>
        <source>{count} items</source>
        <translation>{count} 项</translation>
    </message>
    <message>
        <source>1 change</source>
        <translation>1 处更改</translation>
    </message>
    <message>
        <source>{count} changes</source>
        <translation>{count} 处更改</translation>
    </message>
    <message>
        <source>Applied {items} ({changes}). Undo (Ctrl+Z) takes it back.</source>
        <translation>已应用 {items}（{changes}）。撤销（Ctrl+Z）可以还原。</translation>
    </message>
    <message>
        <source>Applied 1 review item</source>
        <translation>已应用 1 个审阅项</translation>
    </message>
    <message>
        <source>Applied {count} review items</source>
        <translation>已应用 {count} 个审阅项</translation>
    </message>
    <message>
        <source>Could not dismiss: {error}</source>
        <translation>无法忽略：{error}</translation>
    </message>
    <message>
        <source>Undone: the store is as before (1 decision taken back, as new revisions).</source>
        <translation>已撤销：存储恢复如前（撤回了 1 个决定，以新修订版的形式）。</translation>
    </message>
    <message>
        <source>Undone: the store is as before ({count} decisions taken back, as new revisions).</source>
        <translation>已撤销：存储恢复如前（撤回了 {count} 个决定，以新修订版的形式）。</translation>
    </message>
    <message>
        <source>Could not undo: {error}</source>
        <translation>无法撤销：{error}</translation>
    </message>
    <message>
        <source>Proposed again: {count}.</source>
        <translation>已重新提出：{count} 项。</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>&amp;Contract</source>
        <translation>约定(&amp;C)</translation>
    </message>
    <message>
        <source>Instructions, decisions, constraints and mistakes are saved at once; anything else an agent writes (preferences, workflows, project notes…) waits in Suggestions for you.</source>
        <translation>指令、决策、约束和错误会立即保存；智能体写入的其他内容（偏好、工作流程、项目笔记…）会在“建议”中等你处理。</translation>
    </message>
    <message>
        <source>Stricter: only short project decisions and constraints are saved at once; everything else waits in Suggestions, and agents can neither promote nor edit saved memories.</source>
        <translation>更严格：只有简短的项目决策和约束会立即保存；其他内容都在“建议”中等待，且智能体既不能提升也不能编辑已保存的记忆。</translation>
    </message>
    <message>
        <source>Read-&amp;only</source>
        <translation>只读(&amp;O)</translation>
    </message>
    <message>
        <source>Agents search and read memories but cannot write, edit or delete any.</source>
        <translation>智能体可以搜索和读取记忆，但不能写入、编辑或删除任何记忆。</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>No usable OS keyring, so the API key cannot be stored here. On a desktop, install and unlock one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Locker); on a headless server, choose a backend with PYTHON_KEYRING_BACKEND or a keyringrc.cfg, or use a judge that needs no key.</source>
        <translation>没有可用的系统密钥环，因此无法在此保存 API 密钥。在桌面环境中，请安装并解锁一个密钥环（GNOME Keyring、KWallet、macOS 钥匙串、Windows 凭据保险箱）；在无界面的服务器上，请用 PYTHON_KEYRING_BACKEND 或 keyringrc.cfg 选择后端，或使用不需要密钥的评判模型。</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Agents (MCP server)</source>
        <translation>智能体（MCP 服务器）</translation>
    </message>
    <message>
        <source>What agents may write to this store over MCP. Agents&apos; servers read this when they start.</source>
        <translation>智能体可以通过 MCP 向此存储写入什么。智能体的服务器在启动时读取此设置。</translation>
    </message>
    <message>
        <source>Relevance judge</source>
        <translation>相关性评判</translation>
    </message>
    <message>
        <source>Optional: an OpenAI-compatible endpoint that agents&apos; memory search asks whether each memory helps. Leave the URL empty to search locally only.</source>
        <translation>可选：一个兼容 OpenAI 的端点，智能体的记忆搜索会询问它每条记忆是否有帮助。将 URL 留空则仅在本地搜索。</translation>
    </message>
    <message>
        <source>http://localhost:8080/v1 — empty: no judge</source>
        <translation>http://localhost:8080/v1 — 留空：不使用评判模型</translation>
    </message>
    <message>
        <source>the model to ask</source>
        <translation>要询问的模型</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>&amp;Remove key</source>
        <translation>移除密钥(&amp;R)</translation>
    </message>
    <message>
        <source>Delete the stored API key from the OS keyring now</source>
        <translation>立即从系统密钥环中删除已存储的 API 密钥</translation>
    </message>
    <message>
        <source>T&amp;est</source>
        <translation>测试(&amp;E)</translation>
    </message>
    <message>
        <source>Save the judge&apos;s settings (and a key you typed), then ask it one tiny question</source>
        <translation>保存评判模型的设置（以及你输入的密钥），然后向它提一个简短的问题</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>URL(&amp;U)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Timeout:</source>
        <translation>超时(&amp;T)：</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API 密钥(&amp;K)：</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <source>T&amp;heme:</source>
        <translation>主题(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>The window speaks it the next time it starts.</source>
        <translation>窗口下次启动时将使用该语言。</translation>
    </message>
    <message>
        <source>The system&apos;s own message (in English):</source>
        <translation>系统的原始消息（英文）：</translation>
    </message>
    <message>
        <source>a key is stored in the OS keyring — type a new one to replace it</source>
        <translation>系统密钥环中已存储一个密钥 — 输入新密钥可替换它</translation>
    </message>
    <message>
        <source>optional; kept in the OS keyring, never in a file</source>
        <translation>可选；保存在系统密钥环中，绝不写入文件</translation>
    </message>
    <message>
        <source>The API key was removed from the keyring.</source>
        <translation>API 密钥已从密钥环中移除。</translation>
    </message>
    <message>
        <source>No judge is set (the URL is empty): agents&apos; memory search stays local.</source>
        <translation>未设置评判模型（URL 为空）：智能体的记忆搜索仅在本地进行。</translation>
    </message>
    <message>
        <source>Asking the judge…</source>
        <translation>正在询问评判模型…</translation>
    </message>
    <message>
        <source>the default</source>
        <translation>默认设置</translation>
    </message>
    <message>
        <source>The config file cannot be used</source>
        <translation>无法使用配置文件</translation>
    </message>
    <message>
        <source>{message}.

This window opened the default store meanwhile, for this window only. The agents&apos; commands that do not name their store stop with the same message until the file is fixed (`context-center config unset state-root` mends a bad value).</source>
        <translation>{message}。

此窗口已暂时打开默认存储，仅供此窗口使用。在该文件修复之前，未指定存储的智能体命令会以同样的消息停止（`context-center config unset state-root` 可修正错误的值）。</translation>
    </message>
    <message>
        <source>Store: {path}</source>
        <translation>存储：{path}</translation>
    </message>
    <message>
        <source>this window only</source>
        <translation>仅此窗口</translation>
    </message>
    <message>
        <source>Every face (this window, the command line, the Claude Code hook, the MCP server) opens the store given by --state-root, else $CONTEXT_CENTER_HOME, else config.toml, else the default.</source>
        <translation>每个入口（此窗口、命令行、Claude Code 钩子、MCP 服务器）都会打开由 --state-root 指定的存储；若未指定，则依次使用 $CONTEXT_CENTER_HOME、config.toml，最后是默认位置。</translation>
    </message>
    <message>
        <source>⚠ Agents reach another store</source>
        <translation>⚠ 智能体访问的是另一个存储</translation>
    </message>
    <message>
        <source>⚠ Agents not connected</source>
        <translation>⚠ 智能体未连接</translation>
    </message>
    <message>
        <source>Click to connect them (File ▸ Connect agents…).</source>
        <translation>点击以连接它们（文件 ▸ 连接智能体…）。</translation>
    </message>
    <message>
        <source>Open {path} in this window.

Should your agents use it too? The Claude Code hook, the MCP server and the command line would then all read and write this store (it is written into config.toml). Otherwise it is open in this window only, until it closes.</source>
        <translation>在此窗口中打开 {path}。

你的智能体也要使用它吗？如果是，Claude Code 钩子、MCP 服务器和命令行都将读写此存储（它会写入 config.toml）。否则它只在此窗口中打开，直到窗口关闭。</translation>
    </message>
    <message>
        <source>Use it for every agent</source>
        <translation>供所有智能体使用</translation>
    </message>
    <message>
        <source>Only in this window</source>
        <translation>仅在此窗口中</translation>
    </message>
    <message>
        <source>{source} still chooses {path} for commands started from this environment</source>
        <translation>对于从此环境启动的命令，{source} 仍会选择 {path}</translation>
    </message>
    <message>
        <source>write config.toml</source>
        <translation>写入 config.toml</translation>
    </message>
    <message>
        <source>Keep this one</source>
        <translation>保留当前这个</translation>
    </message>
    <message>
        <source>An earlier version of this window opened {remembered} at every start, while your agents used {root}. Use {remembered} for every agent from now on?</source>
        <translation>此窗口的早期版本每次启动时都会打开 {remembered}，而你的智能体使用的是 {root}。从现在起让所有智能体都使用 {remembered} 吗？</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <source>dismissed</source>
        <translation>已忽略</translation>
    </message>
    <message>
        <source>already a fact or an instruction</source>
        <translation>已有事实或指令</translation>
    </message>
    <message>
        <source>over the limit of candidates</source>
        <translation>超出候选数量上限</translation>
    </message>
    <message>
        <source>Scanning transcripts</source>
        <translation>正在扫描对话记录</translation>
    </message>
    <message>
        <source>From transcripts</source>
        <translation>来自对话记录</translation>
    </message>
    <message>
        <source>Not scanned yet.</source>
        <translation>尚未扫描。</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>会话数</translation>
    </message>
    <message>
        <source>A&amp;ccept</source>
        <translation>接受(&amp;C)</translation>
    </message>
    <message>
        <source>Ed&amp;it and accept…</source>
        <translation>编辑并接受(&amp;I)…</translation>
    </message>
    <message>
        <source>U&amp;ndo dismiss</source>
        <translation>撤销忽略(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Scan again</source>
        <translation>重新扫描(&amp;S)</translation>
    </message>
    <message>
        <source>Scanning recent Claude Code and Codex sessions of this workspace…</source>
        <translation>正在扫描此工作区最近的 Claude Code 和 Codex 会话…</translation>
    </message>
    <message>
        <source>The scan failed: {error}</source>
        <translation>扫描失败：{error}</translation>
    </message>
    <message>
        <source>{source}: {count} session(s)</source>
        <translation>{source}：{count} 个会话</translation>
    </message>
    <message>
        <source>{source}: unavailable (no transcripts at {folder})</source>
        <translation>{source}：不可用（{folder} 中没有会话记录）</translation>
    </message>
    <message>
        <source>{source}: unavailable ({detail})</source>
        <translation>{source}：不可用（{detail}）</translation>
    </message>
    <message>
        <source> (listed under Dismissed)</source>
        <translation>（列在“已忽略”下）</translation>
    </message>
    <message>
        <source>{count} {reason}</source>
        <translation>{count} 条{reason}</translation>
    </message>
    <message>
        <source>Sources — {sources}</source>
        <translation>来源 — {sources}</translation>
    </message>
    <message>
        <source>. Left out: {reasons}.</source>
        <translation>。已略去：{reasons}。</translation>
    </message>
    <message>
        <source> (listed under Already known)</source>
        <translation>（列在“已知”下）</translation>
    </message>
    <message>
        <source>Memories ({count})</source>
        <translation>记忆（{count}）</translation>
    </message>
    <message>
        <source>Skills ({count})</source>
        <translation>技能（{count}）</translation>
    </message>
    <message>
        <source>skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>Dismissed ({count})</source>
        <translation>已忽略（{count}）</translation>
    </message>
    <message>
        <source>no longer in the recent sessions</source>
        <translation>已不在最近的会话中</translation>
    </message>
    <message>
        <source>Already known ({count})</source>
        <translation>已知（{count}）</translation>
    </message>
    <message>
        <source>Statements left out because a fact or an instruction already says them</source>
        <translation>因已有事实或指令说明而略去的陈述</translation>
    </message>
    <message>
        <source>already said</source>
        <translation>已说明</translation>
    </message>
    <message>
        <source>Already said by: {matches}</source>
        <translation>已由以下内容说明：{matches}</translation>
    </message>
    <message>
        <source>No suggestions: nothing new worth remembering in the recent sessions.</source>
        <translation>没有建议：最近的会话中没有值得记住的新内容。</translation>
    </message>
    <message>
        <source>Left out: a fact or an instruction already says it:</source>
        <translation>已略去：已有事实或指令说明了这一点：</translation>
    </message>
    <message>
        <source>{group}: choose one of its items to see it.</source>
        <translation>{group}：选择其中一项以查看。</translation>
    </message>
    <message>
        <source>Wrote: {ref}</source>
        <translation>已写入：{ref}</translation>
    </message>
    <message>
        <source>Wrote {ref}</source>
        <translation>已写入 {ref}</translation>
    </message>
    <message>
        <source>Remembered: {ref}</source>
        <translation>已记住：{ref}</translation>
    </message>
    <message>
        <source>Remembered {ref}</source>
        <translation>已记住 {ref}</translation>
    </message>
    <message>
        <source>Edit and accept suggestion</source>
        <translation>编辑并接受建议</translation>
    </message>
    <message>
        <source>Dismissed “{title}”; it will not be suggested again here (undo it from the Dismissed list).</source>
        <translation>已忽略“{title}”；这里不会再建议它（可在“已忽略”列表中撤销）。</translation>
    </message>
    <message>
        <source>Restored “{title}”; it is suggested again while the recent sessions hold it.</source>
        <translation>已还原“{title}”；只要最近的会话中还有它，就会再次建议。</translation>
    </message>
    <message>
        <source>From agents</source>
        <translation>来自智能体</translation>
    </message>
    <message>
        <source>Nothing waits for you. A memory an agent writes over MCP that needs your review (the write policy is in File ▸ Settings), or one imported from another agent (File ▸ Import from another agent…), waits here until you promote it.</source>
        <translation>没有等待你处理的内容。智能体通过 MCP 写入且需要你审阅的记忆（写入策略在“文件 ▸ 设置”中），或从其他智能体导入的记忆（“文件 ▸ 从其他智能体导入…”），会在这里等待，直到你提升它。</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来自</translation>
    </message>
    <message>
        <source>Written (UTC)</source>
        <translation>写入时间（UTC）</translation>
    </message>
    <message>
        <source>Edit the suggestion under the cursor</source>
        <translation>编辑光标所在的建议</translation>
    </message>
    <message>
        <source>&amp;Promote</source>
        <translation>提升(&amp;P)</translation>
    </message>
    <message>
        <source>Keep it as it is: agents may recall it from now on</source>
        <translation>保持原样：从现在起智能体可以召回它</translation>
    </message>
    <message>
        <source>Edi&amp;t then promote…</source>
        <translation>编辑后提升(&amp;T)…</translation>
    </message>
    <message>
        <source>Edit its text, title or description, then promote it (Return)</source>
        <translation>编辑其文本、标题或描述，然后提升它（回车）</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>删除(&amp;L)</translation>
    </message>
    <message>
        <source>Move it to the archive (recoverable from the Archive tab)</source>
        <translation>移到归档（可在“归档”标签页中恢复）</translation>
    </message>
    <message>
        <source>read the agents&apos; proposals</source>
        <translation>读取智能体的提议</translation>
    </message>
    <message>
        <source>{time} · stale</source>
        <translation>{time} · 过时</translation>
    </message>
    <message>
        <source>Stale: waiting for more than {days} days</source>
        <translation>过时：已等待超过 {days} 天</translation>
    </message>
    <message>
        <source>From agents ({count})</source>
        <translation>来自智能体（{count}）</translation>
    </message>
    <message>
        <source>Promoted “{label}” as {ref} (revision {revision}), with your edits: agents may recall it now.</source>
        <translation>已将“{label}”连同你的编辑提升为 {ref}（修订版 {revision}）：智能体现在可以召回它了。</translation>
    </message>
    <message>
        <source>Promoted “{label}” as {ref} (revision {revision}): agents may recall it now.</source>
        <translation>已将“{label}”提升为 {ref}（修订版 {revision}）：智能体现在可以召回它了。</translation>
    </message>
    <message>
        <source>Promoted {ref}</source>
        <translation>已提升 {ref}</translation>
    </message>
    <message>
        <source>Edit then promote — from {agent}</source>
        <translation>编辑后提升 — 来自 {agent}</translation>
    </message>
    <message>
        <source>Deleted “{label}” to the archive; recover it from the Archive tab.</source>
        <translation>已将“{label}”删除到归档；可在“归档”标签页中恢复。</translation>
    </message>
    <message>
        <source>Archived {file}</source>
        <translation>已归档 {file}</translation>
    </message>
    <message>
        <source>memory · {type} · offered as {scope}</source>
        <translation>记忆 · {type} · 建议范围：{scope}</translation>
    </message>
    <message>
        <source>skill · {name}/SKILL.md</source>
        <translation>技能 · {name}/SKILL.md</translation>
    </message>
    <message>
        <source>&lt;b&gt;{source}&lt;/b&gt; session &lt;code&gt;{session}&lt;/code&gt; at {time}</source>
        <translation>&lt;b&gt;{source}&lt;/b&gt; 会话 &lt;code&gt;{session}&lt;/code&gt;，时间 {time}</translation>
    </message>
    <message>
        <source>&lt;b&gt;How to apply:&lt;/b&gt; {how} &lt;i&gt;(kept with the fact, not recalled)&lt;/i&gt;</source>
        <translation>&lt;b&gt;如何应用：&lt;/b&gt;{how} &lt;i&gt;（随事实保存，不会被召回）&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Fact body</source>
        <translation>事实正文</translation>
    </message>
    <message>
        <source>Draft SKILL.md</source>
        <translation>SKILL.md 草稿</translation>
    </message>
    <message>
        <source>&lt;b&gt;Why suggested:&lt;/b&gt; {reason}</source>
        <translation>&lt;b&gt;建议原因：&lt;/b&gt;{reason}</translation>
    </message>
    <message>
        <source>imported from {agent} at {time} UTC (written there {created} UTC)</source>
        <translation>于 {time} UTC 从 {agent} 导入（原写入时间 {created} UTC）</translation>
    </message>
    <message>
        <source>written by {agent} at {time} UTC</source>
        <translation>由 {agent} 于 {time} UTC 写入</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stale:&lt;/b&gt; waiting for more than {days} days. Promote it if it still holds; otherwise delete it.</source>
        <translation>&lt;b&gt;过时：&lt;/b&gt;已等待超过 {days} 天。如果仍然成立就提升它，否则删除它。</translation>
    </message>
    <message>
        <source>Subject:</source>
        <translation>主题键：</translation>
    </message>
    <message>
        <source>Topics:</source>
        <translation>话题：</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>标签：</translation>
    </message>
    <message>
        <source>Links:</source>
        <translation>链接：</translation>
    </message>
    <message>
        <source>&lt;b&gt;Source:&lt;/b&gt; &lt;code&gt;{source}&lt;/code&gt;</source>
        <translation>&lt;b&gt;来源：&lt;/b&gt;&lt;code&gt;{source}&lt;/code&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Possible duplicate&lt;/b&gt; of &lt;code&gt;{ref}&lt;/code&gt; (it overlaps it): promote it only if it adds something</source>
        <translation>&lt;b&gt;可能重复&lt;/b&gt;：与 &lt;code&gt;{ref}&lt;/code&gt; 内容重叠；仅当它有所补充时才提升它</translation>
    </message>
    <message>
        <source>{ref} · revision {revision} · not recalled, injected or searched until you promote it</source>
        <translation>{ref} · 修订版 {revision} · 在你提升它之前不会被召回、注入或搜索</translation>
    </message>
    <message>
        <source>&lt;b&gt;Dismissed&lt;/b&gt; at {time}: it is not suggested again here until you undo the dismissal.</source>
        <translation>&lt;b&gt;已忽略&lt;/b&gt;（{time}）：在你撤销忽略之前，这里不会再建议它。</translation>
    </message>
    <message>
        <source>The recent sessions no longer hold it; undoing the dismissal lets it be suggested again if it is said again.</source>
        <translation>最近的会话中已不再有它；撤销忽略后，如果再次提到它，就会再次建议。</translation>
    </message>
    <message>
        <source>Edit skill {name}</source>
        <translation>编辑技能 {name}</translation>
    </message>
    <message>
        <source>Write skill {name}</source>
        <translation>写入技能 {name}</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Write SKILL.md</source>
        <translation>写入 SKILL.md(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <source>Skill &amp;name:</source>
        <translation>技能名称(&amp;N)：</translation>
    </message>
    <message>
        <source>Writes:</source>
        <translation>写入：</translation>
    </message>
    <message>
        <source>Choose a folder (a full path).</source>
        <translation>请选择一个文件夹（完整路径）。</translation>
    </message>
    <message>
        <source>The name cannot be used: {error}</source>
        <translation>无法使用此名称：{error}</translation>
    </message>
    <message>
        <source>{file} (the folder will be created)</source>
        <translation>{file}（将创建该文件夹）</translation>
    </message>
    <message>
        <source>Folder for the skill</source>
        <translation>技能所在的文件夹</translation>
    </message>
    <message>
        <source>edited both</source>
        <translation>两边都已编辑</translation>
    </message>
    <message>
        <source>forgotten here</source>
        <translation>在此处已遗忘</translation>
    </message>
    <message>
        <source>forgotten there</source>
        <translation>在对方处已遗忘</translation>
    </message>
    <message>
        <source>Sync: offline — the facts wait here for the next sync</source>
        <translation>同步：离线 — 事实会留在此处等待下次同步</translation>
    </message>
    <message>
        <source>Synced {time} UTC · ↓{pulled} ↑{pushed}</source>
        <translation>已于 {time} UTC 同步 · ↓{pulled} ↑{pushed}</translation>
    </message>
    <message>
        <source>{count} conflict(s)</source>
        <translation>{count} 个冲突</translation>
    </message>
    <message>
        <source>{count} refused from the remote</source>
        <translation>{count} 条来自远程仓库的内容被拒绝</translation>
    </message>
    <message>
        <source>{count} deleted there, kept in the archive</source>
        <translation>{count} 条在对方处已删除，已保留在归档中</translation>
    </message>
    <message>
        <source>Set up sync</source>
        <translation>设置同步</translation>
    </message>
    <message>
        <source>Sync keeps this store&apos;s facts in a git repository you can push to (a private one: your facts are in it), so your other machines share them. Give its URL, as &lt;code&gt;git clone&lt;/code&gt; takes it: an SSH address, an HTTPS URL, or a folder.</source>
        <translation>同步会把此存储的事实保存在一个你可以推送的 git 仓库中（请使用私有仓库：你的事实都在里面），让你的其他机器共享它们。请按 &lt;code&gt;git clone&lt;/code&gt; 接受的格式提供其 URL：SSH 地址、HTTPS URL 或文件夹。</translation>
    </message>
    <message>
        <source>Check and &amp;set up</source>
        <translation>检查并设置(&amp;S)</translation>
    </message>
    <message>
        <source>Checking {remote} and syncing for the first time…</source>
        <translation>正在检查 {remote} 并进行首次同步…</translation>
    </message>
    <message>
        <source>S&amp;ync</source>
        <translation>同步(&amp;Y)</translation>
    </message>
    <message>
        <source>&amp;Sync now</source>
        <translation>立即同步(&amp;S)</translation>
    </message>
    <message>
        <source>Pull the facts other machines pushed, commit the changes made here, push</source>
        <translation>拉取其他机器推送的事实，提交此处的更改，然后推送</translation>
    </message>
    <message>
        <source>&amp;Conflicts…</source>
        <translation>冲突(&amp;C)…</translation>
    </message>
    <message>
        <source>Set &amp;up sync…</source>
        <translation>设置同步(&amp;U)…</translation>
    </message>
    <message>
        <source>Give a git repository you can push to: this store&apos;s facts go there, and your other machines&apos; come back</source>
        <translation>提供一个你可以推送的 git 仓库：此存储的事实会推送到那里，你其他机器上的事实也会从那里同步回来</translation>
    </message>
    <message>
        <source>&amp;Background sync</source>
        <translation>后台同步(&amp;B)</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Every {minutes} minutes</source>
        <translation>每 {minutes} 分钟</translation>
    </message>
    <message>
        <source>Sync is set up</source>
        <translation>已设置同步</translation>
    </message>
    <message>
        <source>Sync is not set up yet: Sync ▸ Set up sync… (or `context-center sync init --remote URL`)</source>
        <translation>尚未设置同步：同步 ▸ 设置同步…（或 `context-center sync init --remote URL`）</translation>
    </message>
    <message>
        <source>Sync with {remote}</source>
        <translation>与 {remote} 同步</translation>
    </message>
    <message>
        <source>change the sync interval</source>
        <translation>更改同步间隔</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>正在同步…</translation>
    </message>
    <message>
        <source>Sync: {warning}</source>
        <translation>同步：{warning}</translation>
    </message>
    <message>
        <source>Sync failed</source>
        <translation>同步失败</translation>
    </message>
    <message>
        <source>sync</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>Sync conflicts</source>
        <translation>同步冲突</translation>
    </message>
    <message>
        <source>Edit the text to keep, then Save edit</source>
        <translation>编辑要保留的文本，然后点击“保存编辑”</translation>
    </message>
    <message>
        <source>No conflicts: every fact is as both machines last agreed.</source>
        <translation>没有冲突：每条事实都与两台机器上次一致时相同。</translation>
    </message>
    <message>
        <source>What differs (mine → theirs):</source>
        <translation>差异（我的 → 对方的）：</translation>
    </message>
    <message>
        <source>Or edit the body to keep:</source>
        <translation>或编辑要保留的正文：</translation>
    </message>
    <message>
        <source>Keep &amp;mine</source>
        <translation>保留我的(&amp;M)</translation>
    </message>
    <message>
        <source>Keep &amp;theirs</source>
        <translation>保留对方的(&amp;T)</translation>
    </message>
    <message>
        <source>Save &amp;edit</source>
        <translation>保存编辑(&amp;E)</translation>
    </message>
    <message>
        <source>list the conflicts</source>
        <translation>列出冲突</translation>
    </message>
    <message>
        <source>{ref} ({kind})</source>
        <translation>{ref}（{kind}）</translation>
    </message>
    <message>
        <source>revision {revision}</source>
        <translation>修订版 {revision}</translation>
    </message>
    <message>
        <source>Keep &amp;mine ({side})</source>
        <translation>保留我的（{side}）(&amp;M)</translation>
    </message>
    <message>
        <source>Keep &amp;theirs ({side})</source>
        <translation>保留对方的（{side}）(&amp;T)</translation>
    </message>
    <message>
        <source>mine ({side})</source>
        <translation>我的（{side}）</translation>
    </message>
    <message>
        <source>theirs ({side})</source>
        <translation>对方的（{side}）</translation>
    </message>
    <message>
        <source>The two versions have the same text.</source>
        <translation>两个版本的文本相同。</translation>
    </message>
    <message>
        <source>settle the conflict</source>
        <translation>解决冲突</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>已修改</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>modified</source>
        <translation>已修改</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>last changed by {author}, {date}</source>
        <translation>最后由 {author} 于 {date} 更改</translation>
    </message>
    <message>
        <source>Commit team facts</source>
        <translation>提交团队事实</translation>
    </message>
    <message>
        <source>The team facts in this repository&apos;s &lt;code&gt;.context-center/memory/&lt;/code&gt; that differ from the last commit. Committing checks them as the pre-commit hook does and commits them alone: anything else you staged stays staged.</source>
        <translation>此仓库 &lt;code&gt;.context-center/memory/&lt;/code&gt; 中与上次提交不同的团队事实。提交时会像 pre-commit 钩子那样检查它们，并只提交它们：你暂存的其他内容仍保持暂存。</translation>
    </message>
    <message>
        <source>What changed in the team&apos;s facts (the commit message)</source>
        <translation>团队事实有哪些更改（提交说明）</translation>
    </message>
    <message>
        <source>&amp;Commit</source>
        <translation>提交(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Look again</source>
        <translation>重新查看(&amp;L)</translation>
    </message>
    <message>
        <source>Looking at the team folder…</source>
        <translation>正在查看团队文件夹…</translation>
    </message>
    <message>
        <source>{state}: {file}</source>
        <translation>{state}：{file}</translation>
    </message>
    <message>
        <source>{count} problem(s)</source>
        <translation>{count} 个问题</translation>
    </message>
    <message>
        <source>{count} file(s) would be refused by the pre-commit check: fix them, then look again.</source>
        <translation>{count} 个文件会被 pre-commit 检查拒绝：请修复后重新查看。</translation>
    </message>
    <message>
        <source>{count} file(s) to commit.</source>
        <translation>{count} 个文件待提交。</translation>
    </message>
    <message>
        <source>The team facts have no changes to commit.</source>
        <translation>团队事实没有需要提交的更改。</translation>
    </message>
    <message>
        <source>(line {line})</source>
        <translation>（第 {line} 行）</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;{path}&lt;/b&gt; — {state}; {last} in {commit} “{message}”&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;{path}&lt;/b&gt; — {state}；{last}，位于 {commit}“{message}”&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;{path}&lt;/b&gt; — {state}; {last}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;{path}&lt;/b&gt; — {state}；{last}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Checking and committing…</source>
        <translation>正在检查并提交…</translation>
    </message>
    <message>
        <source>tokens every turn (estimated)</source>
        <translation>每轮词元数（估算）</translation>
    </message>
    <message>
        <source>injections</source>
        <translation>注入次数</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>lines</source>
        <translation>行</translation>
    </message>
    <message>
        <source>characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <source>{used} {unit} after {before} of {limit}</source>
        <translation>在已用 {before} 之后 {used} {unit}，上限 {limit}</translation>
    </message>
    <message>
        <source>{used} {unit} of {limit}</source>
        <translation>{used} {unit}，上限 {limit}</translation>
    </message>
    <message>
        <source>similarity</source>
        <translation>相似度</translation>
    </message>
    <message>
        <source>same title</source>
        <translation>标题相同</translation>
    </message>
    <message>
        <source>statements</source>
        <translation>陈述</translation>
    </message>
    <message>
        <source>subject key</source>
        <translation>主题键</translation>
    </message>
    <message>
        <source>last verified</source>
        <translation>最近核实</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>volatility</source>
        <translation>易变性</translation>
    </message>
    <message>
        <source>expires</source>
        <translation>过期时间</translation>
    </message>
    <message>
        <source>state</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>worktrees</source>
        <translation>工作树列表</translation>
    </message>
    <message>
        <source>last injected</source>
        <translation>最近注入</translation>
    </message>
    <message>
        <source>searched</source>
        <translation>被搜索次数</translation>
    </message>
    <message>
        <source>last searched</source>
        <translation>最近被搜索</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>parts</source>
        <translation>各部分</translation>
    </message>
    <message>
        <source>limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>times</source>
        <translation>倍数</translation>
    </message>
    <message>
        <source>pinned characters</source>
        <translation>已固定字符数</translation>
    </message>
    <message>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>bytes received</source>
        <translation>收到的字节数</translation>
    </message>
    <message>
        <source>cut at line</source>
        <translation>截断行</translation>
    </message>
    <message>
        <source>written</source>
        <translation>写入时间</translation>
    </message>
    <message>
        <source>imported from</source>
        <translation>导入自</translation>
    </message>
    <message>
        <source>what each says</source>
        <translation>各自的说法</translation>
    </message>
    <message>
        <source>judge</source>
        <translation>评判模型</translation>
    </message>
    <message>
        <source>asked</source>
        <translation>已询问</translation>
    </message>
    <message>
        <source>yes, with probability</source>
        <translation>是，概率为</translation>
    </message>
    <message>
        <source>why not asked</source>
        <translation>为何未询问</translation>
    </message>
    <message>
        <source>left behind</source>
        <translation>已弃用</translation>
    </message>
    <message>
        <source>values given</source>
        <translation>各自给出的值</translation>
    </message>
    <message>
        <source>counted per</source>
        <translation>计数维度</translation>
    </message>
    <message>
        <source>what both give</source>
        <translation>两条都给出</translation>
    </message>
    <message>
        <source> (team facts change by a commit: edit their files in the repository and commit them)</source>
        <translation>（团队事实通过提交来更改：请在仓库中编辑它们的文件并提交）</translation>
    </message>
    <message>
        <source>the same title</source>
        <translation>标题相同</translation>
    </message>
    <message>
        <source>{share} of what the shorter says, in other words</source>
        <translation>较短一条内容的 {share}，只是换了说法</translation>
    </message>
    <message>
        <source>both give {values}; {why}</source>
        <translation>两条都给出 {values}；{why}</translation>
    </message>
    <message>
        <source>both give {values}</source>
        <translation>两条都给出 {values}</translation>
    </message>
    <message>
        <source>{kept} and {other} say the same thing ({why}): keep {kept} with what only the other says, and forget {other} to the archive.</source>
        <translation>{kept} 与 {other} 说的是同一件事（{why}）：保留 {kept}，并补上只有另一条才有的内容，再把 {other} 遗忘到归档。</translation>
    </message>
    <message>
        <source>{first} and {second} are alike ({share} of what the shorter says, in other words) but not surely one fact said twice: have a look; merge them by hand if they are, or dismiss this.</source>
        <translation>{first} 与 {second} 相似（较短一条所说内容的 {share} 换了说法），但不能确定是同一事实说了两遍：请看一看；若是，请手动合并，否则忽略此项。</translation>
    </message>
    <message>
        <source>{newer} says {names} was left behind, which {older} still says: keep {newer} and forget {older}, unless {older} is the one still right.</source>
        <translation>{newer} 说已弃用 {names}，而 {older} 仍这么说：保留 {newer}，忘记 {older}，除非 {older} 才是仍然正确的那条。</translation>
    </message>
    <message>
        <source>{newer} and {older} give one thing two values ({mine} against {theirs}): keep one (by default the newer, {newer}) and forget the other.</source>
        <translation>{newer} 与 {older} 对同一件事给出两个值（{mine} 对 {theirs}）：保留其中一条（默认保留较新的 {newer}），遗忘另一条。</translation>
    </message>
    <message>
        <source>{newer} and {older} say opposite things on the same terms: keep one (by default the newer, {newer}) and forget the other.</source>
        <translation>{newer} 与 {older} 就同一件事说法相反：保留其中一条（默认保留较新的 {newer}），遗忘另一条。</translation>
    </message>
    <message>
        <source>the same id, {value}</source>
        <translation>相同的 id：{value}</translation>
    </message>
    <message>
        <source>the same name, {value}</source>
        <translation>相同的名称：{value}</translation>
    </message>
    <message>
        <source>the same title, {value}</source>
        <translation>相同的标题：{value}</translation>
    </message>
    <message>
        <source>subject {value}</source>
        <translation>主题 {value}</translation>
    </message>
    <message>
        <source>{winner} overrides {other} ({said}) with a different text: agents get only {winner}. If that is meant, dismiss this; else forget {other}.</source>
        <translation>{winner} 以不同的文本覆盖了 {other}（{said}）：智能体只会收到 {winner}。如果这是有意的，请忽略此项；否则请遗忘 {other}。</translation>
    </message>
    <message>
        <source>{fact} is past its freshness window (last verified {date}): verify it if it still holds, else edit or forget it.</source>
        <translation>{fact} 已超出新鲜期（最近核实于 {date}）：如果仍然成立请核实它，否则请编辑或遗忘它。</translation>
    </message>
    <message>
        <source>{fact} expired on {date} and is no longer recalled: forget it, or edit it with a new expiry.</source>
        <translation>{fact} 已于 {date} 过期，不再被召回：请遗忘它，或编辑并设置新的过期时间。</translation>
    </message>
    <message>
        <source>{fact} cites {ref}, which is gone ({detail}); recall holds it back: edit it to cite what is there now, or forget it.</source>
        <translation>{fact} 引用的 {ref} 已不存在（{detail}）；召回会暂不提供它：请编辑它以引用现在的代码，或遗忘它。</translation>
    </message>
    <message>
        <source>The code {fact} cites changed ({detail}): verify it if it still holds (the code as it is now is recorded), else edit or forget it.</source>
        <translation>{fact} 引用的代码已更改（{detail}）：如果仍然成立请核实它（会记录代码的当前状态），否则请编辑或遗忘它。</translation>
    </message>
    <message>
        <source>{fact} is kept to worktree {worktree}, which this repository no longer has, so nothing recalls it: clear the limit to share it with every worktree, or forget it.</source>
        <translation>{fact} 仅限于工作树 {worktree}，而此仓库已没有该工作树，因此没有任何地方会召回它：请清除此限制以便所有工作树共享它，或遗忘它。</translation>
    </message>
    <message>
        <source>{fact} was not injected by the hook nor returned by an MCP search in the last {days} days: forget it, or pin it if every session should have it.</source>
        <translation>{fact} 在最近 {days} 天内既未被钩子注入，也未被 MCP 搜索返回：请遗忘它；如果每个会话都应有它，请固定它。</translation>
    </message>
    <message>
        <source>{fact}, written by {agent}, has waited since {date} (over {days} days): promote it (Suggestions) or forget it.</source>
        <translation>{fact} 由 {agent} 写入，自 {date} 起一直在等待（超过 {days} 天）：请采纳（建议）或遗忘它。</translation>
    </message>
    <message>
        <source>The pinned facts use {used} of {budget} characters: unpin one that need not reach every session, or shorten one.</source>
        <translation>已固定的事实占用了 {budget} 个字符中的 {used} 个：请取消固定一条不必进入每个会话的事实，或缩短其中一条。</translation>
    </message>
    <message>
        <source>{file} is {bytes} bytes; {agent} receives the first {kept}: the rest, from line {line}, never reaches it. Move what matters above the cut, or into an imported file.</source>
        <translation>{file} 有 {bytes} 字节；{agent} 只收到前 {kept} 字节：从第 {line} 行起的其余内容永远到不了它。请把重要内容移到截断处之前，或移到一个被导入的文件中。</translation>
    </message>
    <message>
        <source>{fact} is {chars} characters, past what recall injects at once ({limit}): split it into {count} facts at its paragraphs.</source>
        <translation>{fact} 有 {chars} 个字符，超过了召回一次能注入的量（{limit}）：请按段落把它拆分为 {count} 条事实。</translation>
    </message>
    <message>
        <source>{fact} is {chars} characters, {times} times what recall injects at once: keep the document in the repository and a fact that points to it (a ref), or forget it.</source>
        <translation>{fact} 有 {chars} 个字符，是召回一次能注入的量的 {times} 倍：请把文档保存在仓库中，并保留一条指向它的事实（引用），或遗忘它。</translation>
    </message>
    <message>
        <source>matched {terms}; {scope} scope</source>
        <translation>匹配 {terms}；{scope}范围</translation>
    </message>
    <message>
        <source>weak match: only {word} of {count} query terms</source>
        <translation>弱匹配：查询的 {count} 个词中只匹配了 {word}</translation>
    </message>
    <message>
        <source>pinned: already in the session context</source>
        <translation>已固定：已在会话上下文中</translation>
    </message>
    <message>
        <source>overridden by {ref} ({why})</source>
        <translation>被 {ref} 覆盖（{why}）</translation>
    </message>
    <message>
        <source>limited to worktree {worktree}; this workspace is no git worktree</source>
        <translation>限定于工作树 {worktree}；此工作区不是 git 工作树</translation>
    </message>
    <message>
        <source>limited to branch {branch}; this workspace is no git worktree</source>
        <translation>限定于分支 {branch}；此工作区不是 git 工作树</translation>
    </message>
    <message>
        <source>limited to worktree {worktree}, branch {branch}; this workspace is no git worktree</source>
        <translation>限定于工作树 {worktree}、分支 {branch}；此工作区不是 git 工作树</translation>
    </message>
    <message>
        <source>limited to worktree {worktree}; this is worktree {here}</source>
        <translation>限定于工作树 {worktree}；这里是工作树 {here}</translation>
    </message>
    <message>
        <source>limited to branch {branch}; this worktree has a detached HEAD</source>
        <translation>限定于分支 {branch}；此工作树处于分离 HEAD 状态</translation>
    </message>
    <message>
        <source>limited to branch {branch}; this is branch {here}</source>
        <translation>限定于分支 {branch}；这里是分支 {here}</translation>
    </message>
    <message>
        <source>below the relative floor ({floor} × top score)</source>
        <translation>低于相对下限（最高分 × {floor}）</translation>
    </message>
    <message>
        <source>broken grounding: {ref} ({detail})</source>
        <translation>代码依据失效：{ref}（{detail}）</translation>
    </message>
    <message>
        <source>broken grounding</source>
        <translation>代码依据失效</translation>
    </message>
    <message>
        <source>does not fit the character budget</source>
        <translation>放不进字符预算</translation>
    </message>
    <message>
        <source>over the limit of {limit}</source>
        <translation>超出 {limit} 条的上限</translation>
    </message>
    <message>
        <source>a staged proposal: not recalled until it is approved</source>
        <translation>待审的提议：批准前不会被召回</translation>
    </message>
    <message>
        <source>not in the recall pool</source>
        <translation>不在召回池中</translation>
    </message>
    <message>
        <source>no search term of the prompt occurs in it</source>
        <translation>提示中的检索词都不在其中</translation>
    </message>
    <message>
        <source>the whole turn was suppressed: {why}</source>
        <translation>整轮被抑制：{why}</translation>
    </message>
    <message>
        <source>overridden by {ref}</source>
        <translation>被 {ref} 覆盖</translation>
    </message>
    <message>
        <source>a staged proposal: not used until it is approved</source>
        <translation>待审的提议：批准前不会使用</translation>
    </message>
    <message>
        <source>not pinned: only pinned facts go into the session context</source>
        <translation>未固定：只有固定的事实才进入会话上下文</translation>
    </message>
    <message>
        <source>generic user turn</source>
        <translation>泛泛的用户输入</translation>
    </message>
    <message>
        <source>memory store is empty</source>
        <translation>记忆库为空</translation>
    </message>
    <message>
        <source>no searchable terms</source>
        <translation>没有可检索的词</translation>
    </message>
    <message>
        <source>no sufficiently distinctive match</source>
        <translation>没有足够有区分度的匹配</translation>
    </message>
    <message>
        <source>matched facts exceeded recall budget</source>
        <translation>匹配的事实超出召回预算</translation>
    </message>
    <message>
        <source>matched facts cite code that is gone</source>
        <translation>匹配的事实引用的代码已不存在</translation>
    </message>
    <message>
        <source>matched facts are kept to another worktree or branch</source>
        <translation>匹配的事实限定于另一个工作树或分支</translation>
    </message>
    <message>
        <source>matched facts have expired</source>
        <translation>匹配的事实已过期</translation>
    </message>
    <message>
        <source>no pinned facts</source>
        <translation>没有固定的事实</translation>
    </message>
    <message>
        <source>decided on the facts as they are now</source>
        <translation>按事实的当前状态判断</translation>
    </message>
    <message>
        <source>the recorded prompt, secrets masked, asked again on the facts as they are now</source>
        <translation>用记录下的提示（机密已遮盖）按事实的当前状态重新询问</translation>
    </message>
    <message>
        <source>only its first {chars} characters were kept</source>
        <translation>只保留了它的前 {chars} 个字符</translation>
    </message>
    <message>
        <source>the fact is at revision {now} now, {then} then</source>
        <translation>该事实现在是第 {now} 版，当时是第 {then} 版</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
</context>
</TS>
